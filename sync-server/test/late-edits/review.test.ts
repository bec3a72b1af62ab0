import { sqliteTables } from '../support/app-tables.ts';
import { reviewSuite } from './review-suite.ts';

reviewSuite(sqliteTables);
