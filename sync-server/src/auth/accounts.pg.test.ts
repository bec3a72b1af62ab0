import { openOnTestDatabase } from '../../test/pg/database.ts';
import { PgSql } from '../app-db/app-sql.ts';
import { accountsSuite } from './accounts-suite.ts';

accountsSuite('PostgreSQL', async () => {
  const { opened: sql, cleanup } = await openOnTestDatabase((url) => new PgSql(url));
  return { sql, cleanup };
});
