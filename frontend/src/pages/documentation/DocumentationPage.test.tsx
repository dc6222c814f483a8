import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { failure, startTestApi, type TestApi } from '../../exchange/testing/apiServer';
import { OPENAPI_FIXTURE, OPENAPI_FIXTURE_RU } from './testing/openapi';

/** The documentation page against a real HTTP server serving an OpenAPI fixture. */
async function load() {
  const [page, client, queryClient, query] = await Promise.all([
    import('./index'),
    import('../../api/client'),
    import('../../api/queryClient'),
    import('@tanstack/react-query'),
    import('../../../test/i18n'),
  ]);
  const i18n = (await import('i18next')).default;
  return { Page: page.default, ...client, ...queryClient, ...query, i18n };
}

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;
const OPENAPI = 'GET /service/api/v1/openapi.json';

async function renderPage() {
  await act(async () => {
    render(
      <m.QueryClientProvider client={m.createQueryClient()}>
        <m.Page />
      </m.QueryClientProvider>,
    );
  });
}

describe('documentation page (UI)', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi({ [OPENAPI]: { status: 200, body: OPENAPI_FIXTURE } });
    m.setApiBase(api.base);
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    await api.close();
  });

  it('explains the signing step by step and lists the methods of the OpenAPI document with fields, answer and errors', async () => {
    await renderPage();
    const steps = [...screen.getByTestId('doc-steps').querySelectorAll('li')].map((item) => item.textContent);
    expect(steps).to.have.length(4);
    expect(steps[1]).to.contain('SHA-512 of the exact body bytes');
    expect(steps[3]).to.contain('hash header');

    const ping = await screen.findByTestId('doc-method-ping');
    expect(within(ping).getByRole('heading', { level: 3 }).textContent).to.equal('pingChecks the key and the signature');
    expect(within(ping).getByText('Milliseconds, strictly growing')).to.exist;
    expect(ping.querySelector('pre')?.textContent).to.contain('"pong": true');
    expect(within(ping).getByText('bad_signature')).to.exist;

    const order = screen.getByTestId('doc-method-order_get');
    const fields = [...order.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(fields).to.deep.equal([
      ['time', 'integer', 'required', 'Milliseconds, strictly growing'],
      ['uid', 'string', 'required', 'The order number'],
    ]);
    // The example answer, pretty-printed as the document gives it.
    expect(order.querySelector('pre')?.textContent).to.equal(JSON.stringify({ success: true, data: { uid: 'A1B2C3', status: 'new' } }, null, 2));
    const notFound = within(order).getByText('order_not_found').closest('li')!;
    expect(notFound.textContent).to.equal("404 order_not_found — No such order of the key's owner.");
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).to.deep.equal([OPENAPI]);
    expect(api.requests[0]!.query).to.equal('lang=en');
  });

  it("asks for the document in the visitor's language and shows its Russian summary and error meaning", async () => {
    api.on(OPENAPI, ({ query }) => ({ status: 200, body: query.get('lang') === 'ru' ? OPENAPI_FIXTURE_RU : OPENAPI_FIXTURE }));
    await act(async () => {
      await m.i18n.changeLanguage('ru');
    });
    try {
      await renderPage();
      const ping = await screen.findByTestId('doc-method-ping');
      expect(within(ping).getByRole('heading', { level: 3 }).textContent).to.equal('pingПроверяет ключ и подпись');
      const order = screen.getByTestId('doc-method-order_get');
      expect(within(order).getByText('order_not_found').closest('li')!.textContent).to.contain('Нет такой заявки у владельца ключа.');
      expect(api.requests.map((request) => request.query)).to.deep.equal(['lang=ru']);
    } finally {
      await act(async () => {
        await m.i18n.changeLanguage('en');
      });
    }
  });

  it('shows a loading state, then a loading error with a retry', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    api.on(OPENAPI, async () => {
      await gate;
      return failure(503, 'maintenance', 'Later');
    });
    await renderPage();
    expect(screen.getByTestId('doc-methods-loading')).to.exist;
    release();
    expect((await screen.findByTestId('doc-methods-error')).textContent).to.contain('Could not load the list of methods.');
    api.on(OPENAPI, { status: 200, body: OPENAPI_FIXTURE });
    await userEvent.click(within(screen.getByTestId('doc-methods-error')).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('doc-method-ping');
  });

  it('switches the example between curl, Node.js, Python and PHP and copies the shown one', async () => {
    const user = userEvent.setup();
    await renderPage();
    const tabs = screen.getByRole('tablist', { name: 'Example language' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).to.deep.equal(['curl', 'Node.js', 'Python', 'PHP']);
    const example = () => screen.getByTestId('doc-example').querySelector('code')!.textContent ?? '';
    expect(example()).to.contain('sha512_hex').and.contain('curl -sS -X POST').and.contain('YOUR_API_KEY');
    expect(example()).to.not.contain('{{');

    const expectations: Array<[string, string]> = [
      ['Node.js', "createHash('sha512')"],
      ['Python', 'hashlib.sha512'],
      ['PHP', "hash('sha512'"],
    ];
    for (const [name, marker] of expectations) {
      await user.click(within(tabs).getByRole('tab', { name }));
      expect(within(tabs).getByRole('tab', { name }).getAttribute('aria-selected')).to.equal('true');
      expect(example()).to.contain(marker);
    }
    await user.click(screen.getByRole('button', { name: 'Copy the PHP example' }));
    expect(await navigator.clipboard.readText()).to.equal(example());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy the PHP example' }).textContent).to.equal('Copied'));
    expect(example()).to.contain(`'${api.base.replace(/\/api$/, '')}'`).and.contain("'/api/service/api/v1/'").and.contain("$method = 'ping';");
  });

  it('shows the example of ping by default and of the picked method with its example parameters', async () => {
    const user = userEvent.setup();
    await renderPage();
    const example = () => screen.getByTestId('doc-example').querySelector('code')!.textContent ?? '';
    const method = screen.getByRole('combobox', { name: 'Method' });
    expect((method as HTMLSelectElement).value).to.equal('ping');
    expect(example()).to.contain("METHOD='ping'").and.contain("PARAMS='{}'");
    await user.selectOptions(method, 'order_create');
    expect(example()).to.contain("METHOD='order_create'").and.contain(`"receiverAccount":"2202200000000008"`).and.contain('"callbackUrl":"https://partner.example.com/exchanger-hook"');
    await user.click(screen.getByRole('tab', { name: 'Python' }));
    expect(example()).to.contain("METHOD = 'order_create'").and.contain(`PARAMS = json.loads('{"from":"BTC"`);
  });
});
