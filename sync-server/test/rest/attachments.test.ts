import { sqliteTables } from '../support/app-tables.ts';
import { attachmentsSuite } from './attachments-suite.ts';

attachmentsSuite(sqliteTables);
