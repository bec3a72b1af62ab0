import Database from 'better-sqlite3';
import { SqliteSql } from './app-sql.ts';
import { runAppSqlContract } from './app-sql-contract.ts';

runAppSqlContract('SQLite', async () => {
  const db = new Database(':memory:');
  return {
    sql: new SqliteSql(db),
    cleanup: async () => {
      db.close();
    },
  };
});
