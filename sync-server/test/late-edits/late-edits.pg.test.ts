import { postgresTables } from '../pg/app-tables.ts';
import { lateEditsSuite } from './late-edits-suite.ts';

lateEditsSuite(postgresTables());
