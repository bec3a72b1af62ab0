import { openOnTestDatabase } from '../../test/pg/database.ts';
import { PgSql } from './app-sql.ts';
import { runAppSqlContract } from './app-sql-contract.ts';

runAppSqlContract('PostgreSQL', async () => {
  const { opened: sql, cleanup } = await openOnTestDatabase((url) => new PgSql(url));
  return { sql, cleanup };
});
