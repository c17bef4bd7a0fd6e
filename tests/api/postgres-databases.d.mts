/** tests/api/postgres-databases.mjs: databases of the test PostgreSQL server. */
export function databaseUrl(adminUrl: string, name: string): string;
export function createDatabase(adminUrl: string, name: string, options?: { template?: string }): Promise<string>;
export function dropDatabase(adminUrl: string, name: string): Promise<void>;
