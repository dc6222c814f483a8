import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG, isLang, LANGS, type Lang } from '../../../common/api';
import { changeLanguage } from '../i18n';

/** RU / EN segmented switch; the choice is kept in the `lang` cookie. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const active: Lang = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
  return (
    <div className="lang-switch" role="group" aria-label={t('common.header.language')}>
      {LANGS.map((lang: Lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className={lang === active ? 'lang-switch__option lang-switch__option--active' : 'lang-switch__option'}
          aria-pressed={lang === active}
          onClick={() => void changeLanguage(lang)}
        >
          {t(`common.languages.${lang}`)}
        </button>
      ))}
    </div>
  );
}
