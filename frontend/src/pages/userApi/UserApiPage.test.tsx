import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { ApiKeyDto, WebhookDeliveryDto } from '../../../../common/partnerApi';
import { failure, ok, startTestApi, type TestApi } from '../../exchange/testing/apiServer';

/** The API keys page against a real HTTP API. */
async function load() {
  const [page, client, queryClient, query, session, alerts] = await Promise.all([
    import('./index'),
    import('../../api/client'),
    import('../../api/queryClient'),
    import('@tanstack/react-query'),
    import('../../stores/session'),
    import('../../accounts/alerts'),
    import('../../../test/i18n'),
  ]);
  return { Page: page.default, ...client, ...queryClient, ...query, ...session, ...alerts };
}

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;

const KEY = 'pk_live_7f3a9c1e5b2d4f6a8c0e1b3d5f7a9c1e';
const SECRET = 'sk_9b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f';

function apiKey(overrides: Partial<ApiKeyDto> = {}): ApiKeyDto {
  return {
    apiKey: KEY,
    createdAt: '2026-11-24T10:00:00.000Z',
    enabled: true,
    allowWithdrawals: false,
    ipAllowList: [],
    callbackUrl: null,
    lastUsedAt: null,
    ...overrides,
  };
}

function signIn(twoFactorEnabled: boolean): void {
  m.useSessionStore.setState({
    user: { id: 1, email: 'anna@example.com', firstName: 'Anna', secondName: null, role: 'user', twoFactorEnabled, kycStatus: null },
    known: true,
  });
}

async function renderPage() {
  await act(async () => {
    render(
      <m.QueryClientProvider client={m.createQueryClient()}>
        <m.Page />
      </m.QueryClientProvider>,
    );
  });
}

const alertTexts = () => m.useAlerts.getState().alerts.map((alert) => alert.message);
const patches = () => api.requests.filter((request) => request.method === 'PATCH').map((request) => ({ path: request.path, body: request.body }));
const row = () => screen.findByTestId(`api-key-${KEY}`);

describe('API keys page (UI)', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi({ 'GET /user/api-keys': ok([]) });
    m.setApiBase(api.base);
    m.useAlerts.setState({ alerts: [] });
    signIn(true);
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    await api.close();
  });

  it('creates a key: the key and the secret once with copy buttons and the warning, then only the key in the list', async () => {
    const user = userEvent.setup();
    let keys: ApiKeyDto[] = [];
    api.on('GET /user/api-keys', () => ok(keys));
    api.on('POST /user/api-keys', () => {
      keys = [apiKey()];
      return { status: 201, body: { success: true, data: { apiKey: KEY, secret: SECRET, key: apiKey() } } };
    });
    await renderPage();
    expect((await screen.findByTestId('api-keys-empty')).textContent).to.equal('You have no API keys yet.');
    await user.click(screen.getByTestId('api-key-create'));
    const panel = await screen.findByTestId('api-key-created');
    expect(within(panel).getByRole('note').textContent).to.contain('The secret is shown only now');
    expect(within(screen.getByTestId('api-key-created-key')).getByText(KEY)).to.exist;
    expect(within(screen.getByTestId('api-key-created-secret')).getByText(SECRET)).to.exist;
    await waitFor(() => expect(alertTexts()).to.deep.equal(['API access created']));

    await user.click(within(screen.getByTestId('api-key-created-secret')).getByRole('button', { name: /Copy/ }));
    expect(await navigator.clipboard.readText()).to.equal(SECRET);
    await user.click(within(screen.getByTestId('api-key-created-key')).getByRole('button', { name: /Copy/ }));
    expect(await navigator.clipboard.readText()).to.equal(KEY);

    const list = await screen.findByTestId('api-keys');
    expect(list.textContent).to.contain(KEY).and.not.contain(SECRET);
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByTestId('api-key-created')).to.equal(null);
    expect(document.body.textContent).to.not.contain(SECRET);
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.body)).to.deep.equal([{}]);
  });

  it('shows a loading error with a retry', async () => {
    api.on('GET /user/api-keys', failure(500, 'internal_error', 'Something went wrong'));
    await renderPage();
    expect((await screen.findByTestId('api-keys-error')).textContent).to.contain('Something went wrong');
    api.on('GET /user/api-keys', ok([apiKey()]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await row();
  });

  it('toggles "Enable API" and turns withdrawals off with the right PATCH bodies', async () => {
    const user = userEvent.setup();
    api.on('GET /user/api-keys', ok([apiKey({ allowWithdrawals: true })]));
    api.on(`PATCH /user/api-keys/${KEY}`, ({ body }) => ok(apiKey({ allowWithdrawals: true, ...(body as Partial<ApiKeyDto>) })));
    const item = await (async () => {
      await renderPage();
      return row();
    })();
    await user.click(within(item).getByLabelText('Enable API'));
    await waitFor(() => expect((within(item).getByLabelText('Enable API') as HTMLInputElement).checked).to.equal(false));
    await user.click(within(item).getByLabelText('Allow withdrawals'));
    await waitFor(() => expect((within(item).getByLabelText('Allow withdrawals') as HTMLInputElement).checked).to.equal(false));
    expect(patches()).to.deep.equal([
      { path: `/user/api-keys/${KEY}`, body: { enabled: false } },
      { path: `/user/api-keys/${KEY}`, body: { allowWithdrawals: false } },
    ]);
    expect(alertTexts()).to.deep.equal(['Data updated', 'Data updated']);
  });

  it('asks for the 2FA code to allow withdrawals and shows a wrong code on the field', async () => {
    const user = userEvent.setup();
    api.on('GET /user/api-keys', ok([apiKey()]));
    api.on(`PATCH /user/api-keys/${KEY}`, ({ body }) =>
      (body as { code?: string }).code === '123456' ? ok(apiKey({ allowWithdrawals: true })) : failure(400, 'invalid_code', 'The code is wrong'),
    );
    await renderPage();
    const item = await row();
    await user.click(within(item).getByLabelText('Allow withdrawals'));
    const dialog = await screen.findByRole('dialog');
    expect(patches()).to.deep.equal([]);
    await user.type(within(dialog).getByLabelText(/2FA code/), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Allow' }));
    expect(await within(dialog).findByText('The code is wrong')).to.exist;
    await user.clear(within(dialog).getByLabelText(/2FA code/));
    await user.type(within(dialog).getByLabelText(/2FA code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect((within(item).getByLabelText('Allow withdrawals') as HTMLInputElement).checked).to.equal(true);
    expect(patches().map((patch) => patch.body)).to.deep.equal([
      { allowWithdrawals: true, code: '000000' },
      { allowWithdrawals: true, code: '123456' },
    ]);
  });

  it('without 2FA on the account, points to enabling it instead of asking for a code', async () => {
    signIn(false);
    api.on('GET /user/api-keys', ok([apiKey()]));
    await renderPage();
    const item = await row();
    await userEvent.click(within(item).getByLabelText('Allow withdrawals'));
    const notice = await within(item).findByTestId('api-key-no-2fa');
    expect(notice.textContent).to.contain('two-factor authentication');
    expect(within(notice).getByRole('link', { name: 'Enable 2FA' }).getAttribute('href')).to.equal('/user-actions/enable-otp');
    expect(screen.queryByRole('dialog')).to.equal(null);
    expect(patches()).to.deep.equal([]);
  });

  it('saves the IP allow-list and the callback URL, showing the server refusals on the fields', async () => {
    const user = userEvent.setup();
    api.on('GET /user/api-keys', ok([apiKey({ ipAllowList: ['203.0.113.7'] })]));
    api.on(`PATCH /user/api-keys/${KEY}`, ({ body }) => {
      const patch = body as { ipAllowList?: string[]; callbackUrl?: string | null };
      if (patch.ipAllowList?.includes('bogus')) return failure(400, 'validation_error', 'Check the fields', { 'ipAllowList[1]': 'Not an IP address or range: bogus' });
      if (patch.callbackUrl?.includes('127.0.0.1')) return failure(400, 'validation_error', 'Check the fields', { callbackUrl: 'A private address is refused' });
      return ok(apiKey(patch as Partial<ApiKeyDto>));
    });
    await renderPage();
    const item = await row();
    await user.click(within(item).getByTestId('api-key-settings'));
    const textarea = within(item).getByLabelText('IP allow-list') as HTMLTextAreaElement;
    expect(textarea.value).to.equal('203.0.113.7');
    await user.type(textarea, '\nbogus\n');
    await user.click(within(item).getByTestId('api-key-ip-save'));
    expect((await within(item).findByTestId('api-key-ip-error')).textContent).to.equal('Not an IP address or range: bogus');
    await user.clear(textarea);
    await user.type(textarea, '203.0.113.7\n2001:db8::/32');
    await user.click(within(item).getByTestId('api-key-ip-save'));
    await waitFor(() => expect(within(item).queryByTestId('api-key-ip-error')).to.equal(null));

    await user.type(within(item).getByLabelText(/Callback URL/), 'http://127.0.0.1/hook');
    await user.click(within(item).getByTestId('api-key-callback-save'));
    expect(await within(item).findByText('A private address is refused')).to.exist;
    await user.clear(within(item).getByLabelText(/Callback URL/));
    await user.type(within(item).getByLabelText(/Callback URL/), 'https://partner.example/hook');
    await user.click(within(item).getByTestId('api-key-callback-save'));
    await waitFor(() => expect(within(item).queryByText('A private address is refused')).to.equal(null));
    expect(patches().map((patch) => patch.body)).to.deep.equal([
      { ipAllowList: ['203.0.113.7', 'bogus'] },
      { ipAllowList: ['203.0.113.7', '2001:db8::/32'] },
      { callbackUrl: 'http://127.0.0.1/hook' },
      { callbackUrl: 'https://partner.example/hook' },
    ]);
  });

  it('deletes only after a confirmation and says so', async () => {
    const user = userEvent.setup();
    let deleted = false;
    api.on('GET /user/api-keys', () => ok(deleted ? [] : [apiKey()]));
    api.on(`DELETE /user/api-keys/${KEY}`, () => {
      deleted = true;
      return ok({});
    });
    await renderPage();
    const item = await row();
    await user.click(within(item).getByTestId('api-key-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).to.equal(`Delete the key ${KEY}?`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.filter((request) => request.method === 'DELETE')).to.deep.equal([]);
    await user.click(within(item).getByTestId('api-key-delete'));
    await user.click(await screen.findByTestId('api-key-delete-confirm'));
    await screen.findByTestId('api-keys-empty');
    expect(alertTexts()).to.deep.equal(['API key deleted']);
  });

  it('shows the webhook delivery log page by page, and its empty state', async () => {
    const user = userEvent.setup();
    const delivery = (eventId: string, overrides: Partial<WebhookDeliveryDto> = {}): WebhookDeliveryDto => ({
      eventId,
      event: 'order.status',
      orderUid: 'A1B2C3',
      status: 'failed',
      attempts: 8,
      lastStatus: 502,
      lastError: 'HTTP 502: Bad gateway',
      nextAttemptAt: null,
      createdAt: '2026-11-24T11:00:00.000Z',
      deliveredAt: null,
      ...overrides,
    });
    api.on('GET /user/api-keys', ok([apiKey()]));
    api.on(`GET /user/api-keys/${KEY}/deliveries`, ok({ items: [], nextCursor: null }));
    await renderPage();
    const item = await row();
    await user.click(within(item).getByTestId('api-key-settings'));
    await user.click(within(item).getByTestId('api-key-deliveries-toggle'));
    expect((await within(item).findByTestId('api-deliveries-empty')).textContent).to.equal('No webhooks have been sent for this key yet.');

    api.on(`GET /user/api-keys/${KEY}/deliveries`, ({ query }) =>
      query.get('cursor') === '41'
        ? ok({ items: [delivery('ord_A1B2C3_v1', { status: 'delivered', attempts: 1, lastStatus: 200, lastError: null, deliveredAt: '2026-11-24T11:00:01.000Z' })], nextCursor: null })
        : ok({ items: [delivery('ord_A1B2C3_v2')], nextCursor: '41' }),
    );
    await user.click(within(item).getByTestId('api-key-deliveries-toggle'));
    await user.click(within(item).getByTestId('api-key-deliveries-toggle'));
    const line = await within(item).findByTestId('api-delivery-ord_A1B2C3_v2');
    const cells = [...line.querySelectorAll('td')].map((cell) => [cell.getAttribute('data-label'), cell.textContent]);
    expect(cells.slice(0, 5)).to.deep.equal([
      ['Event', 'order.status'],
      ['Order', 'A1B2C3'],
      ['Status', 'Failed'],
      ['Attempts', '8'],
      ['Last answer', '502: HTTP 502: Bad gateway'],
    ]);
    await user.click(within(item).getByRole('button', { name: 'Load more' }));
    const older = await within(item).findByTestId('api-delivery-ord_A1B2C3_v1');
    expect(older.querySelectorAll('td')[2]!.textContent).to.equal('Delivered');
    expect(api.requests.filter((request) => request.path === `/user/api-keys/${KEY}/deliveries`).map((request) => request.query ?? '')).to.include('cursor=41');
  });
});
