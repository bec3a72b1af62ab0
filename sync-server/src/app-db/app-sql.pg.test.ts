import { createTestDatabase } from '../../test/pg/database.ts';
import { PgSql } from './app-sql.ts';
import { runAppSqlContract } from './app-sql-contract.ts';

runAppSqlContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  const sql = new PgSql(database.url);
  return {
    sql,
    cleanup: async () => {
      await sql.close();
      await database.drop();
    },
  };
});
