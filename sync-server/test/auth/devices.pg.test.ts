import { postgresTables } from '../pg/app-tables.ts';
import { devicesSuite } from './devices-suite.ts';

devicesSuite(postgresTables());
