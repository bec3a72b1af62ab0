import { postgresTables } from '../pg/app-tables.ts';
import { contractsSuite } from './contracts-suite.ts';

contractsSuite(postgresTables());
