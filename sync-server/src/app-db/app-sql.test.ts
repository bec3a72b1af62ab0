import { inMemorySqlite, runAppSqlContract } from './app-sql-contract.ts';

runAppSqlContract('SQLite', inMemorySqlite);
