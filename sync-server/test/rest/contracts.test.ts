import { sqliteTables } from '../support/app-tables.ts';
import { contractsSuite } from './contracts-suite.ts';

contractsSuite(sqliteTables);
