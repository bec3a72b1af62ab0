import { sqliteTables } from '../support/app-tables.ts';
import { kpisSuite } from './kpis-suite.ts';

kpisSuite(sqliteTables);
