import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetDto } from '../../../common/catalogue';
import { ASSET_TABS, type AssetTab } from '../../../common/enums';
import { classNames } from '../components/classNames';
import { Modal } from '../components/Modal';
import { useAssetModalStore } from '../stores/assetModal';
import { AssetIcon } from './AssetIcon';
import { countByTab, inTab, listedOptions, searchAssets } from './assetSearch';
import { formatMoney, reserveAmount } from '../../../common/money';
import type { AmountSide } from './quote';
import { useExchangeStore } from './store';
import { useAssetName } from './useAssetName';
import './asset-modal.css';

export interface AssetModalProps {
  /** What the open selector may choose from. */
  options: readonly AssetDto[];
  /** The asset now chosen on that side. */
  current: string;
  /** Live reserves by code, shown on the receive side. */
  reserves: Readonly<Record<string, string>>;
  onSelect: (side: AmountSide, code: string) => void;
}

/**
 * The asset modal (spec §4: an open flag, `modal-open` on the body while open): tabs all / coin /
 * fiat / cash, a search over code, name and network, and the keyboard — ↑ ↓ move, Enter picks,
 * Esc closes, ← → switch tabs.
 */
export function AssetModal(props: AssetModalProps) {
  const { t } = useTranslation();
  const picking = useExchangeStore((state) => state.picking);
  const open = useAssetModalStore((state) => state.open) && picking !== null;
  const close = () => useExchangeStore.getState().closePicker();
  return (
    <Modal
      open={open}
      onClose={close}
      title={t(picking === 'receive' ? 'exchange.modal.titleReceive' : 'exchange.modal.titleSend')}
      className="asset-modal"
    >
      {picking && (
        <AssetPicker
          {...props}
          side={picking}
          onSelect={(side, code) => {
            close();
            props.onSelect(side, code);
          }}
        />
      )}
    </Modal>
  );
}

interface PickerProps extends AssetModalProps {
  side: AmountSide;
}

function AssetPicker({ options, current, reserves, side, onSelect }: PickerProps) {
  const { t } = useTranslation();
  const nameOf = useAssetName();
  const ids = useId();
  const listId = `${ids}-list`;
  const optionId = (code: string) => `${ids}-option-${code}`;
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<AssetTab>('all');
  const found = searchAssets(options, query);
  const counts = countByTab(found);
  const matching = found.filter((asset) => inTab(asset, tab));
  // The options listed (and walked by the keys): the first ASSET_OPTIONS_SHOWN; the search finds the rest.
  const visible = listedOptions(matching, current);
  const [active, setActive] = useState(() => Math.max(0, visible.findIndex((asset) => asset.code === current)));
  const activeIndex = Math.min(active, visible.length - 1);
  const activeAsset = activeIndex >= 0 ? visible[activeIndex] : undefined;
  const listRef = useRef<HTMLUListElement>(null);
  const tabRefs = useRef(new Map<AssetTab, HTMLButtonElement>());

  useLayoutEffect(() => {
    if (!activeAsset) return;
    const element = document.getElementById(optionId(activeAsset.code));
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [activeAsset?.code]);

  function onListKeyDown(event: KeyboardEvent<HTMLElement>): void {
    const last = visible.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(activeIndex + 1, last),
      ArrowUp: Math.max(activeIndex - 1, 0),
      Home: 0,
      End: last,
      PageDown: Math.min(activeIndex + 8, last),
      PageUp: Math.max(activeIndex - 8, 0),
    };
    if (event.key in moves && (event.key.startsWith('Arrow') || event.key.startsWith('Page') || event.currentTarget.tagName !== 'INPUT')) {
      event.preventDefault();
      setActive(Math.max(0, moves[event.key]));
    } else if (event.key === 'Enter' && activeAsset) {
      event.preventDefault();
      onSelect(side, activeAsset.code);
    }
  }

  function switchTab(next: AssetTab, focus = false): void {
    setTab(next);
    setActive(0);
    if (focus) tabRefs.current.get(next)?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>): void {
    const index = ASSET_TABS.indexOf(tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    switchTab(ASSET_TABS[(index + step + ASSET_TABS.length) % ASSET_TABS.length], true);
  }

  return (
    <div className="asset-picker">
      <div className="asset-picker__search">
        <svg className="asset-picker__search-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          type="search"
          className="asset-picker__input"
          role="combobox"
          aria-label={t('exchange.modal.search')}
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeAsset ? optionId(activeAsset.code) : undefined}
          placeholder={t('exchange.modal.searchPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onListKeyDown}
        />
      </div>
      <div className="asset-picker__tabs" role="tablist" aria-label={t('exchange.modal.tabsLabel')}>
        {ASSET_TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              if (element) tabRefs.current.set(name, element);
            }}
            type="button"
            role="tab"
            id={`${ids}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={listId}
            tabIndex={tab === name ? 0 : -1}
            className={classNames('asset-picker__tab', tab === name && 'asset-picker__tab--active')}
            onClick={() => switchTab(name)}
            onKeyDown={onTabKeyDown}
          >
            {t(`exchange.modal.tabs.${name}`)}
            <span className="asset-picker__count">{counts[name]}</span>
          </button>
        ))}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {t('exchange.modal.results', { count: matching.length })}
      </p>
      {visible.length === 0 ? (
        <p className="asset-picker__empty" id={listId}>
          {t('exchange.modal.empty')}
        </p>
      ) : (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={0}
          aria-labelledby={`${ids}-tab-${tab}`}
          aria-activedescendant={activeAsset ? optionId(activeAsset.code) : undefined}
          className="asset-picker__list"
          onKeyDown={onListKeyDown}
        >
          {visible.map((asset, index) => (
            <li
              key={asset.code}
              id={optionId(asset.code)}
              role="option"
              aria-selected={asset.code === current}
              data-code={asset.code}
              className={classNames(
                'asset-option',
                index === activeIndex && 'asset-option--active',
                asset.code === current && 'asset-option--current',
              )}
              onMouseMove={() => {
                if (index !== activeIndex) setActive(index);
              }}
              onClick={() => onSelect(side, asset.code)}
            >
              <AssetIcon asset={asset} />
              <span className="asset-option__text">
                <span className="asset-option__name">{nameOf(asset)}</span>
                <span className="asset-option__meta">
                  <span className="asset-option__code">{asset.code}</span>
                  {asset.network && <span className="asset-option__network">{asset.network}</span>}
                </span>
              </span>
              {side === 'receive' && (
                <span className="asset-option__reserve">
                  <span className="asset-option__reserve-label">{t('exchange.modal.reserve')}</span>
                  {formatMoney(reserveAmount(reserves[asset.code] ?? asset.reserve, asset.precision), asset.currency)}
                </span>
              )}
              {asset.code === current && (
                <svg className="asset-option__check" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
                  <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              )}
            </li>
          ))}
        </ul>
      )}
      {matching.length > visible.length && (
        <p className="asset-picker__more" data-testid="asset-picker-more">
          {t('exchange.modal.more', { count: matching.length - visible.length })}
        </p>
      )}
    </div>
  );
}
