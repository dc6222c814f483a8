import { useTranslation } from 'react-i18next';
import { isLang, DEFAULT_LANG } from '../../../common/api';
import { assetName, type AssetDto } from '../../../common/catalogue';

/** The asset's name in the interface language. */
export function useAssetName(): (asset: Pick<AssetDto, 'name' | 'nameRu'>) => string {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
  return (asset) => assetName(asset, lang);
}
