import { postgresTables } from '../pg/app-tables.ts';
import { clientAccountsSuite } from './client-accounts-suite.ts';

clientAccountsSuite(postgresTables());
