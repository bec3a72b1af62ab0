import { sqliteTables } from '../support/app-tables.ts';
import { devicesSuite } from './devices-suite.ts';

devicesSuite(sqliteTables);
