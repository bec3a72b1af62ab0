import { postgresTables } from '../pg/app-tables.ts';
import { kpisSuite } from './kpis-suite.ts';

kpisSuite(postgresTables());
