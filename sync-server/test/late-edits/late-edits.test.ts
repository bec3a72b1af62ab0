import { sqliteTables } from '../support/app-tables.ts';
import { lateEditsSuite } from './late-edits-suite.ts';

lateEditsSuite(sqliteTables);
