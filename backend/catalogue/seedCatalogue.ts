/**
 * Fills an empty catalogue (the demo one of db/seeders/catalogue-data.ts, or the generator's for
 * load work), with the demo payment details of every asset. Idempotent: a catalogue that has any asset is left alone. Safe when several
 * processes start at once: on MySQL they take turns through a named lock, so exactly one copy is
 * written; on SQLite calls within the process take turns and the write transaction is IMMEDIATE.
 */
import { QueryTypes, Transaction, type Sequelize } from 'sequelize';
import { ASSET_CODE_PATTERN, type AssetDto, type DirectionDto } from '../../common/catalogue';
import { ASSET_TYPES } from '../../common/enums';
import { MONEY_SCALE } from '../../common/money';
import { demoPaymentDetailRow } from '../../db/seeders/payment-details';
import type { Database } from '../platform/db';
import { initModels, isExtraFields } from '../models';

export interface CatalogueData {
  assets: readonly AssetDto[];
  directions: readonly DirectionDto[];
}

export interface SeedCatalogueProps {
  db: Pick<Database, 'sequelize' | 'dialect'>;
  data: CatalogueData;
}

export interface SeedCatalogueResult {
  /** False when the catalogue already had assets and nothing was written. */
  seeded: boolean;
  /** Rows written. */
  assets: number;
  directions: number;
}

/** Gap between consecutive sort orders, so an operator can slot an asset in between. */
export const SORT_ORDER_STEP = 10;
/** Rows per INSERT: well inside MySQL's packet limit for the 20,000 generated directions. */
const INSERT_CHUNK = 500;
/** How long a process waits for another one's seeding to finish (MySQL). */
export const SEED_LOCK_TIMEOUT_S = 120;

const SEED_LOCK_SUFFIX = ':catalogue-seed';

/** Seeding in progress per SQLite database of this process. */
const sqliteTurns = new WeakMap<Sequelize, Promise<unknown>>();

export async function seedCatalogue({ db, data }: SeedCatalogueProps): Promise<SeedCatalogueResult> {
  checkData(data);
  if (db.dialect === 'mysql') {
    // The lock lives on a connection of its own and is released only after the seeding
    // transaction has committed, so the next process counts the rows this one wrote.
    return db.sequelize.transaction(async (lockHolder) => {
      await acquireSeedLock(db.sequelize, lockHolder);
      try {
        return await db.sequelize.transaction((transaction) => seedWithin(db.sequelize, data, transaction));
      } finally {
        await db.sequelize.query('SELECT RELEASE_LOCK(CONCAT(DATABASE(), :suffix))', {
          replacements: { suffix: SEED_LOCK_SUFFIX },
          transaction: lockHolder,
          type: QueryTypes.SELECT,
        });
      }
    });
  }
  const previous = sqliteTurns.get(db.sequelize) ?? Promise.resolve();
  const turn = previous
    .catch(() => undefined)
    .then(() =>
      db.sequelize.transaction({ type: Transaction.TYPES.IMMEDIATE }, (transaction) => seedWithin(db.sequelize, data, transaction)),
    );
  sqliteTurns.set(db.sequelize, turn);
  return turn;
}

async function seedWithin(sequelize: Sequelize, data: CatalogueData, transaction: Transaction): Promise<SeedCatalogueResult> {
  const { Asset, Direction, PaymentDetail } = initModels(sequelize);
  if ((await Asset.count({ transaction })) > 0) return { seeded: false, assets: 0, directions: 0 };

  const assetRows = data.assets.map((asset, index) => ({
    code: asset.code,
    name: asset.name,
    nameRu: asset.nameRu,
    type: asset.type,
    currency: asset.currency,
    network: asset.network,
    precision: asset.precision,
    icon: asset.icon,
    reserve: asset.reserve,
    enabled: asset.enabled,
    city: asset.city,
    sortOrder: (index + 1) * SORT_ORDER_STEP,
  }));
  // checkData() has validated the rows: Sequelize's per-row validation costs seconds for 20,000.
  for (const rows of chunks(assetRows)) await Asset.bulkCreate(rows, { transaction });

  const directionRows = data.directions.map((direction) => ({
    fromCode: direction.from,
    toCode: direction.to,
    markup: direction.markup,
    minAmount: direction.minAmount,
    maxAmount: direction.maxAmount,
    rateTypes: direction.rateTypes,
    fixedPeriodMinutes: direction.fixedPeriodMinutes,
    manual: direction.manual,
    oneWay: direction.oneWay,
    extraFields: direction.extraFields,
    fees: direction.fees ?? null,
    enabled: direction.enabled,
  }));
  for (const rows of chunks(directionRows)) await Direction.bulkCreate(rows, { transaction });
  // A demo catalogue comes with the demo details customers pay into, one row per asset.
  for (const rows of chunks(data.assets.map((asset) => ({ ...demoPaymentDetailRow(asset), demo: true })))) await PaymentDetail.bulkCreate(rows, { transaction });
  return { seeded: true, assets: assetRows.length, directions: directionRows.length };
}

/**
 * Refuses data that would half-seed or store nonsense: duplicate codes or pairs, directions to
 * unknown assets, unknown types and fields. (Money values are checked by the model setters.)
 */
function checkData(data: CatalogueData): void {
  const codes = new Set<string>();
  for (const asset of data.assets) {
    const problem = assetProblem(asset);
    if (problem) throw new Error(`Catalogue data: asset ${asset.code} ${problem}`);
    if (codes.has(asset.code)) throw new Error(`Catalogue data lists asset ${asset.code} twice`);
    codes.add(asset.code);
  }
  const pairs = new Set<string>();
  for (const direction of data.directions) {
    const pair = `${direction.from}>${direction.to}`;
    if (!codes.has(direction.from) || !codes.has(direction.to)) throw new Error(`Direction ${pair} names an asset the data does not list`);
    const problem = directionProblem(direction);
    if (problem) throw new Error(`Catalogue data: direction ${pair} ${problem}`);
    if (pairs.has(pair)) throw new Error(`Catalogue data lists direction ${pair} twice`);
    pairs.add(pair);
  }
}

function assetProblem(asset: AssetDto): string | null {
  if (!ASSET_CODE_PATTERN.test(asset.code)) return 'has a code outside the monitoring convention';
  if (!ASSET_TYPES.includes(asset.type)) return `has an unknown type ${String(asset.type)}`;
  if (!Number.isInteger(asset.precision) || asset.precision < 0 || asset.precision > MONEY_SCALE) return 'has an invalid precision';
  if (asset.name === '' || asset.currency === '') return 'needs a name and a currency';
  return null;
}

function directionProblem(direction: DirectionDto): string | null {
  if (direction.from === direction.to) return 'needs two different assets';
  if (!Number.isInteger(direction.fixedPeriodMinutes) || direction.fixedPeriodMinutes < 1) return 'needs a fixed period of whole minutes';
  if (!isExtraFields(direction.extraFields)) return 'asks for an unknown extra field';
  return null;
}

function chunks<T>(rows: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) result.push(rows.slice(start, start + INSERT_CHUNK));
  return result;
}

async function acquireSeedLock(sequelize: Sequelize, transaction: Transaction): Promise<void> {
  // Lock names are server-wide: include the database so separate databases do not wait on each other.
  const [row] = await sequelize.query<{ locked: number | null }>(
    'SELECT GET_LOCK(CONCAT(DATABASE(), :suffix), :timeout) AS locked',
    { replacements: { suffix: SEED_LOCK_SUFFIX, timeout: SEED_LOCK_TIMEOUT_S }, transaction, type: QueryTypes.SELECT },
  );
  if (row?.locked !== 1) {
    throw new Error(`Another process held the catalogue seeding lock for more than ${SEED_LOCK_TIMEOUT_S} s`);
  }
}
