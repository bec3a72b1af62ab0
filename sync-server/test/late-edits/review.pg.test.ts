import { postgresTables } from '../pg/app-tables.ts';
import { reviewSuite } from './review-suite.ts';

reviewSuite(postgresTables());
