/**
 * Gives every nullable attribute that has no default `defaultValue: null`, so an instance built in
 * memory (what `Model.create` answers) has the attributes a row read back has: an unset nullable
 * column is null there, not absent (a presenter would otherwise read `undefined !== null` as set).
 */
export function nullsByDefault<T extends object>(attributes: T): T {
  return Object.fromEntries(
    Object.entries(attributes).map(([name, options]) => {
      const nullable = typeof options === 'object' && options !== null && (options as { allowNull?: boolean }).allowNull === true;
      return [name, nullable && !('defaultValue' in options) ? { ...options, defaultValue: null } : options];
    }),
  ) as T;
}
