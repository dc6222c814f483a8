/**
 * The catalogue in the parts a screen needs (issue 17): the asset list once — small, the same for
 * every page and language — and the directions of one asset on demand. With the generated
 * 1,000-asset / 20,000-direction catalogue the whole document is 4.8 MB; the asset list is a
 * twentieth of it and one asset's directions about two thousandths.
 *
 * Each part is serialised once per loaded catalogue (envelope included) with its own strong ETag,
 * beside the snapshot it comes from: a catalogue change (cache.ts) drops them with it.
 */
import type { AssetDirectionsDto, CatalogueAssetsDto, DirectionDto } from '../../common/catalogue';
import { etagOf, type CatalogueSnapshot } from './cache';
import { shareBody } from '../platform/http/compress';
import { successBody } from '../platform/http/respond';

export interface CataloguePart {
  /** `{"success":true,"data":…}` as UTF-8. */
  body: Buffer;
  /** Strong ETag of `body`, quoted. */
  etag: string;
}

export interface CatalogueParts {
  assets: CataloguePart;
  /** The directions leaving or reaching `code`; null when no offered asset has that code. */
  directionsOf(code: string): CataloguePart | null;
  /** What the two parts carry, unserialised (the prerendered home page reads the widget's first pair from it). */
  data: {
    assets: CatalogueAssetsDto;
    /** The directions leaving or reaching `code`, in catalogue order ([] for an unknown code). */
    directionsOf(code: string): readonly DirectionDto[];
  };
}

function part<T>(data: T): CataloguePart {
  // The same bytes for every request until the catalogue changes: compressed once per coding.
  const body = shareBody(successBody(data));
  return { body, etag: etagOf(body) };
}

function buildParts(snapshot: CatalogueSnapshot): CatalogueParts {
  const { assets, directions } = snapshot.catalogue;
  const byAsset = new Map<string, DirectionDto[]>(assets.map((asset) => [asset.code, []]));
  for (const direction of directions) {
    byAsset.get(direction.from)?.push(direction);
    byAsset.get(direction.to)?.push(direction);
  }
  const senders = assets.filter((asset) => byAsset.get(asset.code)!.some((direction) => direction.from === asset.code));
  const assetsData: CatalogueAssetsDto = { assets, senders: senders.map((asset) => asset.code) };
  const built = new Map<string, CataloguePart>();
  return {
    assets: part(assetsData),
    data: {
      assets: assetsData,
      directionsOf: (code) => byAsset.get(code) ?? [],
    },
    directionsOf(code) {
      const list = byAsset.get(code);
      if (list === undefined) return null;
      let found = built.get(code);
      if (found === undefined) {
        const data: AssetDirectionsDto = { code, directions: list };
        found = part(data);
        built.set(code, found);
      }
      return found;
    },
  };
}

const partsBySnapshot = new WeakMap<CatalogueSnapshot, CatalogueParts>();

/** The parts of a loaded catalogue, built on first use and kept as long as the snapshot. */
export function catalogueParts(snapshot: CatalogueSnapshot): CatalogueParts {
  let parts = partsBySnapshot.get(snapshot);
  if (parts === undefined) {
    parts = buildParts(snapshot);
    partsBySnapshot.set(snapshot, parts);
  }
  return parts;
}
