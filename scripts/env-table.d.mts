/** Types of `scripts/env-table.mjs`. */

export interface EnvExampleVariable {
  name: string;
  /** The value in `.env.example` ('' when the default is computed or the variable is off). */
  value: string;
  description: string;
}

export const TABLE_START: string;
export const TABLE_END: string;
export function parseEnvExample(source: string): EnvExampleVariable[];
export function envTable(variables: readonly EnvExampleVariable[]): string;
export function withEnvTable(readme: string, table: string): string;
