import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { AuditRecordDto } from '../../../../../common/audit';
import { failure, ok, startTestApi, type TestApi } from '../../../exchange/testing/apiServer';
import { loadConsole, renderConsoleSection, staffUser } from '../testing/console';

/** The audit section against a real HTTP API (modules through `import()`, see OperatorPage.test.tsx). */
const load = loadConsole;

let m: Awaited<ReturnType<typeof load>>;
let api: TestApi;

const ADMIN = staffUser('admin');

function record(id: number, overrides: Partial<AuditRecordDto> = {}): AuditRecordDto {
  return {
    id,
    createdAt: new Date(Date.UTC(2026, 10, 24, 12, id)).toISOString(),
    actor: { id: 3, email: 'boss@example.com', role: 'admin' },
    action: 'direction.update',
    target: { type: 'direction', id: `BTC:SBERRUB` },
    before: { markup: '1.5', enabled: true },
    after: { markup: '2', enabled: true },
    ip: '10.0.0.7',
    ...overrides,
  };
}

const renderAudit = () => renderConsoleSection(m, 'audit');

const ids = () => [...document.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-testid')?.replace('audit-record-', ''));
const auditRequests = () => api.requests.filter((request) => request.path === '/admin/audit');

describe('operator console: the audit section', () => {
  before(async () => {
    m = await load();
  });

  beforeEach(async () => {
    api = await startTestApi();
    m.setApiBase(api.base);
    m.useSessionStore.setState({ user: ADMIN, known: true });
  });

  afterEach(async () => {
    cleanup();
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
    await api.close();
  });

  it('is linked for admins and shows the records newest first: who, when, action, target, before → after', async () => {
    api.on('GET /admin/audit', ok({ records: [record(2), record(1, { actor: null, action: 'maintenance.switch', target: { type: 'settings', id: 'maintenance' }, before: null, after: { enabled: true }, ip: null })], nextCursor: null }));
    await renderAudit();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getByRole('link', { name: 'Audit' }).getAttribute('aria-current')).to.equal('page');
    await screen.findByTestId('audit-records');
    expect(ids()).to.deep.equal(['2', '1']);
    const newest = screen.getByTestId('audit-record-2');
    // The action by its name and its code (what the filter takes); the role and the target's kind translated.
    expect(newest.textContent).to.include('boss@example.com').and.include('Administrator').and.include('Direction changed').and.include('direction.update');
    expect(within(newest).getByText('Direction').nextElementSibling?.textContent).to.equal('BTC:SBERRUB');
    expect(within(newest).getAllByRole('listitem').map((item) => item.textContent)).to.deep.equal(['markup: 1.5 → 2']);
    expect(newest.querySelector('time')?.getAttribute('datetime')).to.equal(record(2).createdAt);
    const system = screen.getByTestId('audit-record-1');
    // A kind of target without a name of its own shows as it is.
    expect(system.textContent).to.include('System').and.include('Maintenance switched').and.include('settingsmaintenance');
    expect(within(system).getAllByRole('listitem').map((item) => item.textContent)).to.deep.equal(['enabled: — → true']);
    expect(auditRequests()).to.have.length(1);
    expect(auditRequests()[0]!.query).to.equal(undefined);
    expect(screen.queryByTestId('audit-more')).to.equal(null);
  });

  it('sends the filters and loads older pages by cursor', async () => {
    api.on('GET /admin/audit', ({ query }) =>
      query.get('cursor') === '40'
        ? ok({ records: [record(3)], nextCursor: null })
        : ok({ records: [record(42, { action: query.get('action') ?? 'direction.update' })], nextCursor: '40' }),
    );
    await renderAudit();
    await screen.findByTestId('audit-records');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Action'), 'payment_details.delete');
    await user.type(screen.getByLabelText('Staff id'), '3');
    await user.type(screen.getByLabelText('Target type'), 'payment_detail');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(auditRequests()).to.have.length(2));
    expect(new URLSearchParams(auditRequests()[1]!.query)).to.deep.equal(
      new URLSearchParams({ action: 'payment_details.delete', actorId: '3', targetType: 'payment_detail' }),
    );
    await waitFor(() => expect(screen.getByTestId('audit-record-42').textContent).to.include('payment_details.delete'));
    await user.click(screen.getByTestId('audit-more'));
    await waitFor(() => expect(ids()).to.deep.equal(['42', '3']));
    expect(new URLSearchParams(auditRequests()[2]!.query).get('cursor')).to.equal('40');
    expect(new URLSearchParams(auditRequests()[2]!.query).get('action')).to.equal('payment_details.delete');
    expect(screen.queryByTestId('audit-more')).to.equal(null);
  });

  it('says when nothing matches, and shows a failure with a way to try again', async () => {
    api.on('GET /admin/audit', ok({ records: [], nextCursor: null }));
    await renderAudit();
    expect((await screen.findByTestId('audit-empty')).textContent).to.equal('No audit records match.');
    cleanup();
    api.on('GET /admin/audit', failure(500, 'internal_error', 'Something went wrong on our side.'));
    await renderAudit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).to.include('Something went wrong on our side.');
    api.on('GET /admin/audit', ok({ records: [record(5)], nextCursor: null }));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('audit-record-5');
  });

  it('is not offered to operators', async () => {
    m.useSessionStore.setState({ user: { ...ADMIN, role: 'operator' }, known: true });
    await renderAudit();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).queryByRole('link', { name: 'Audit' })).to.equal(null);
    expect(auditRequests()).to.deep.equal([]);
  });
});
