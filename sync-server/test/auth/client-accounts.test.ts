import { sqliteTables } from '../support/app-tables.ts';
import { clientAccountsSuite } from './client-accounts-suite.ts';

clientAccountsSuite(sqliteTables);
