import { createTestDatabase } from '../../test/pg/database.ts';
import { PgSql } from '../app-db/app-sql.ts';
import { accountsSuite } from './accounts-suite.ts';

accountsSuite('PostgreSQL', async () => {
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
