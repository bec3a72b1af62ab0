import { postgresTables } from '../pg/app-tables.ts';
import { sessionsSuite } from './sessions-suite.ts';

sessionsSuite(postgresTables());
