import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { classNames } from '../components/classNames';
import { useUiStore } from '../stores/ui';
import { AccountEntry } from './AccountEntry';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { NAV_ROUTES, NavLinks } from './NavLinks';
import { useHeaderFit } from './useHeaderFit';

const MOBILE_MENU_ID = 'mobile-menu';

/**
 * Site header: logo, navigation, language switch, account entry; a burger drawer on narrow
 * screens and wherever the items do not fit on one line (a long language, a staff member's buttons).
 */
export function Header() {
  const { t } = useTranslation();
  const menuOpen = useUiStore((state) => state.menuOpen);
  const setMenuOpen = useUiStore((state) => state.setMenuOpen);
  const barRef = useRef<HTMLDivElement>(null);
  const fits = useHeaderFit(barRef);

  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, setMenuOpen]);

  return (
    <header className={classNames('site-header', menuOpen && 'site-header--menu-open', !fits && 'site-header--folded')}>
      <div className="site-header__bar container" ref={barRef}>
        <Logo />
        <nav className="site-header__nav" aria-label={t('common.header.navigation')}>
          <NavLinks routes={NAV_ROUTES} className="site-header__links" />
        </nav>
        <div className="site-header__actions">
          <LanguageSwitch />
          <AccountEntry />
        </div>
        <button
          type="button"
          className="burger"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={menuOpen ? t('common.header.menuClose') : t('common.header.menuOpen')}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span className="burger__line" />
          <span className="burger__line" />
          <span className="burger__line" />
        </button>
      </div>
      <div id={MOBILE_MENU_ID} className="mobile-menu" hidden={!menuOpen}>
        <nav className="container" aria-label={t('common.header.navigation')}>
          <NavLinks routes={NAV_ROUTES} className="mobile-menu__links" />
          <div className="mobile-menu__actions">
            <LanguageSwitch />
            <AccountEntry />
          </div>
        </nav>
      </div>
    </header>
  );
}
