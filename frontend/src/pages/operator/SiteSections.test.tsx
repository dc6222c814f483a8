import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { ContactMessageDto } from '../../../../common/contacts';
import type { StaffReviewDto } from '../../../../common/customerReviews';
import { failure, ok, startTestApi, type TestApi } from '../../exchange/testing/apiServer';
import { loadConsole, renderConsoleSection, staffUser } from './testing/console';

/** The console's site reviews and messages sections against a real HTTP test API. */
let m: Awaited<ReturnType<typeof loadConsole>>;
let api: TestApi;

const pending: StaffReviewDto = {
  id: 21,
  name: 'Anna',
  rating: 4,
  text: 'Quick exchange.',
  lang: 'en',
  createdAt: '2026-11-01T10:00:00.000Z',
  reply: null,
  status: 'pending',
  orderUid: 'ORDER00021',
  decidedAt: null,
};

const unread: ContactMessageDto = {
  id: 31,
  name: 'Oleg',
  email: 'oleg@example.com',
  subject: 'referral',
  message: 'I bring 200 clients a month.',
  lang: 'en',
  createdAt: '2026-11-02T10:00:00.000Z',
  readAt: null,
  answeredAt: null,
  reply: null,
};
const answered: ContactMessageDto = { ...unread, id: 30, name: 'Ivan', subject: 'order', readAt: '2026-11-01T11:00:00.000Z', answeredAt: '2026-11-01T12:00:00.000Z', reply: 'Done.' };

describe('console: site reviews and messages sections', () => {
  before(async () => {
    m = await loadConsole();
  });

  beforeEach(async () => {
    api = await startTestApi({
      'GET /operator/site-reviews': ({ query }) => ok({ reviews: query.get('status') === 'pending' ? [pending] : [], nextCursor: null }),
      'POST /operator/site-reviews/21/publish': ok({ ...pending, status: 'published' }),
      'POST /operator/site-reviews/21/reply': ok({ ...pending, reply: { text: 'Thanks', at: '2026-11-03T10:00:00.000Z' } }),
      'GET /operator/messages': ok({ messages: [unread, answered], nextCursor: null, unread: 1 }),
      'POST /operator/messages/31/read': ok({ ...unread, readAt: '2026-11-03T10:00:00.000Z' }),
      'POST /operator/messages/31/reply': ok({ ...unread, reply: 'Yes', answeredAt: '2026-11-03T10:00:00.000Z' }),
      'POST /operator/messages/31/answered': ok({ ...unread, answeredAt: '2026-11-03T10:00:00.000Z' }),
    });
    m.setApiBase(api.base);
    m.useSessionStore.setState({ user: staffUser('operator', { id: 7 }), known: true });
  });

  afterEach(async () => {
    m.setApiBase('/api');
    m.useSessionStore.setState({ user: null, known: false });
    await api.close();
  });

  it('links both sections for operators', async () => {
    await renderConsoleSection(m, 'siteReviews');
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).to.include.members(['Site reviews', 'Messages']);
  });

  it('lists waiting reviews first, publishes one and saves a reply', async () => {
    await renderConsoleSection(m, 'siteReviews');
    const item = await screen.findByTestId('site-review-21');
    expect(item.textContent).to.contain('Quick exchange.').and.contain('Order ORDER00021');
    expect(screen.getByRole('tab', { name: 'Waiting' }).getAttribute('aria-selected')).to.equal('true');
    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'POST' && request.path === '/operator/site-reviews/21/publish')).to.equal(true));
    await user.type(within(item).getByLabelText('Reply under the review'), 'Thanks');
    await user.click(within(item).getByRole('button', { name: 'Save the reply' }));
    await waitFor(() => expect(api.requests.find((request) => request.path === '/operator/site-reviews/21/reply')?.body).to.deep.equal({ text: 'Thanks' }));
    await user.click(screen.getByRole('tab', { name: 'Published' }));
    expect(await screen.findByTestId('site-reviews-empty')).to.exist;
    expect(api.requests.some((request) => request.query === 'status=published')).to.equal(true);
  });

  it('shows a refusal of the server', async () => {
    api.on('POST /operator/site-reviews/21/publish', failure(409, 'review_state', 'The review already has this status'));
    await renderConsoleSection(m, 'siteReviews');
    const item = await screen.findByTestId('site-review-21');
    await userEvent.click(within(item).getByRole('button', { name: 'Publish' }));
    expect((await within(item).findByRole('alert')).textContent).to.equal('The review already has this status');
  });

  it('lists messages newest first with the unread marked, opens one (read), replies and marks it answered', async () => {
    await renderConsoleSection(m, 'messages');
    const first = await screen.findByTestId('message-31');
    expect(screen.getByTestId('messages-unread').textContent).to.equal('Unread: 1');
    expect(within(first).getByTestId('message-unread')).to.exist;
    expect(within(screen.getByTestId('message-30')).queryByTestId('message-unread')).to.equal(null);
    expect(within(screen.getByTestId('message-30')).getByTestId('message-answered')).to.exist;
    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: 'Open' }));
    expect(within(first).getByTestId('message-text').textContent).to.equal('I bring 200 clients a month.');
    await waitFor(() => expect(api.requests.some((request) => request.path === '/operator/messages/31/read')).to.equal(true));
    await user.type(within(first).getByLabelText('Reply by e-mail'), 'Yes');
    await user.click(within(first).getByRole('button', { name: 'Send the reply' }));
    await waitFor(() => expect(api.requests.find((request) => request.path === '/operator/messages/31/reply')?.body).to.deep.equal({ text: 'Yes' }));
    await user.click(within(first).getByRole('button', { name: 'Mark answered' }));
    await waitFor(() => expect(api.requests.some((request) => request.path === '/operator/messages/31/answered')).to.equal(true));
  });
});
