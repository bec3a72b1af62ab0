import { postgresTables } from '../pg/app-tables.ts';
import { attachmentsSuite } from './attachments-suite.ts';

attachmentsSuite(postgresTables());
