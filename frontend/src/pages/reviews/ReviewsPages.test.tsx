import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { PublicReviewDto } from '../../../../common/customerReviews';
import { failure, ok } from '../../exchange/testing/apiServer';
import { loadPublicPages, startPublicHarness, type PublicHarness, type PublicPages } from '../../reviews/testing/harness';

let m: PublicPages;
let harness: PublicHarness;

function review(id: number, extra: Partial<PublicReviewDto> = {}): PublicReviewDto {
  return { id, name: `Client ${id}`, rating: 5, text: `Review text ${id}`, lang: 'en', createdAt: '2026-11-01T10:00:00.000Z', reply: null, ...extra };
}

const SUMMARY = ok({ average: '4.5', count: 12 });

describe('reviews pages (/reviews, /reviews/all-reviews)', () => {
  before(async () => {
    m = await loadPublicPages();
  });

  afterEach(async () => {
    await harness.close();
  });

  it('shows the average, the count and the latest reviews with the staff reply', async () => {
    harness = await startPublicHarness(m, {
      'GET /reviews/summary': SUMMARY,
      'GET /reviews': ok({ reviews: [review(2, { reply: { text: 'Thank you!', at: '2026-11-02T10:00:00.000Z' } }), review(1, { rating: 4 })], nextCursor: '1' }),
    });
    harness.renderAt('/reviews', <m.ReviewsPage />);
    expect((await screen.findByTestId('review-summary')).textContent).to.contain('4.5 of 5').and.contain('12 reviews');
    const first = await screen.findByTestId('review-2');
    expect(within(first).getByTestId('review-reply').textContent).to.contain('Thank you!');
    expect(within(screen.getByTestId('review-1')).getByRole('img').getAttribute('aria-label')).to.equal('Rating: 4 of 5');
    expect(harness.api.requests.find((request) => request.path === '/reviews')!.query).to.equal('limit=5');
    expect(screen.getByRole('link', { name: 'All reviews' }).getAttribute('href')).to.equal('/reviews/all-reviews');
  });

  it('says so when there are no reviews, and offers a retry when they cannot be loaded', async () => {
    harness = await startPublicHarness(m, { 'GET /reviews/summary': ok({ average: null, count: 0 }), 'GET /reviews': ok({ reviews: [], nextCursor: null }) });
    harness.renderAt('/reviews', <m.ReviewsPage />);
    expect((await screen.findByTestId('reviews-empty')).textContent).to.equal('No reviews yet. Be the first to leave one.');
    expect((await screen.findByTestId('review-summary')).textContent).to.equal('No reviews yet');
    await harness.close();

    harness = await startPublicHarness(m, { 'GET /reviews/summary': SUMMARY, 'GET /reviews': failure(503, 'service_unavailable', 'Try later please') });
    harness.renderAt('/reviews', <m.ReviewsPage />);
    const alert = await screen.findByText('Try later please', {}, { timeout: 5000 });
    expect(alert).to.exist;
    harness.api.on('GET /reviews', ok({ reviews: [review(3)], nextCursor: null }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('review-3')).to.exist;
  });

  it('submits a review by order number and e-mail and shows "Review submitted for validation"', async () => {
    harness = await startPublicHarness(m, {
      'GET /reviews/summary': SUMMARY,
      'GET /reviews': ok({ reviews: [], nextCursor: null }),
      'POST /reviews': ok({ message: 'Review submitted for validation' }),
    });
    harness.renderAt('/reviews', <m.ReviewsPage />);
    const form = await screen.findByTestId('review-form');
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Send the review' }));
    expect(harness.api.requests.some((request) => request.method === 'POST')).to.equal(false);
    expect(within(form).getAllByRole('alert').length).to.be.at.least(1);

    await user.type(within(form).getByLabelText(/Order number/), 'ABC123XYZ');
    await user.type(within(form).getByLabelText(/E-mail given in the order/), 'anna@example.com');
    await user.type(within(form).getByLabelText(/Your name/), 'Anna');
    await user.selectOptions(within(form).getByLabelText(/Rating/), '4');
    await user.type(within(form).getByLabelText(/^Review/), 'Quick and clear.');
    await user.click(within(form).getByRole('button', { name: 'Send the review' }));
    expect((await screen.findByTestId('review-sent')).textContent).to.equal('Review submitted for validation');
    const post = harness.api.requests.find((request) => request.method === 'POST' && request.path === '/reviews')!;
    expect(post.body).to.deep.equal({ uid: 'ABC123XYZ', email: 'anna@example.com', name: 'Anna', rating: 4, text: 'Quick and clear.', lang: 'en', captcha: '' });
  });

  it('shows the server refusal: a wrong order and e-mail, a second review', async () => {
    harness = await startPublicHarness(m, {
      'GET /reviews/summary': SUMMARY,
      'GET /reviews': ok({ reviews: [], nextCursor: null }),
      'POST /reviews': failure(409, 'review_exists', 'This order already has a review'),
    });
    harness.renderAt('/reviews', <m.ReviewsPage />);
    const form = await screen.findByTestId('review-form');
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/Order number/), 'ABC123XYZ');
    await user.type(within(form).getByLabelText(/E-mail given in the order/), 'anna@example.com');
    await user.type(within(form).getByLabelText(/Your name/), 'Anna');
    await user.type(within(form).getByLabelText(/^Review/), 'Again');
    await user.click(within(form).getByRole('button', { name: 'Send the review' }));
    expect((await within(form).findByTestId('form-notice')).textContent).to.equal('This order already has a review');
  });

  it('lets a signed-in customer pick one of their done orders instead of typing its number and e-mail', async () => {
    m.useSessionStore.setState({
      user: { id: 5, email: 'olga@example.com', firstName: 'Olga', secondName: null, role: 'user', twoFactorEnabled: false, kycStatus: null },
      known: true,
    });
    harness = await startPublicHarness(m, {
      'GET /reviews/summary': SUMMARY,
      'GET /reviews': ok({ reviews: [], nextCursor: null }),
      'GET /reviews/my-orders': ok({ orders: [{ uid: 'MYORDER01', fromCode: 'BTC', toCode: 'SBERRUB', amountSend: '0.1', amountReceive: '700000', createdAt: '2026-11-01T10:00:00.000Z' }] }),
      'POST /reviews': ok({ message: 'Review submitted for validation' }),
    });
    harness.renderAt('/reviews', <m.ReviewsPage />);
    const form = await screen.findByTestId('review-form');
    const picker = (await within(form).findByRole('combobox', { name: 'Order' })) as HTMLSelectElement;
    expect(picker.value).to.equal('MYORDER01');
    expect(within(form).queryByLabelText(/E-mail given in the order/)).to.equal(null);
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/Your name/), 'Olga');
    await user.type(within(form).getByLabelText(/^Review/), 'Fine');
    await user.click(within(form).getByRole('button', { name: 'Send the review' }));
    await screen.findByTestId('review-sent');
    const post = harness.api.requests.find((request) => request.method === 'POST')!;
    expect(post.body).to.include({ uid: 'MYORDER01', name: 'Olga' }).and.not.have.property('email');
    // "Another order" brings the number and e-mail fields back.
    await user.selectOptions(picker, '');
    expect(within(form).getByLabelText(/E-mail given in the order/)).to.exist;
  });

  it('pages through all reviews and filters them by language and rating in the address', async () => {
    harness = await startPublicHarness(m, {
      'GET /reviews/summary': SUMMARY,
      'GET /reviews': ({ query }) => {
        if (query.get('rating') === '1') return ok({ reviews: [], nextCursor: null });
        if (query.get('cursor') === '5') return ok({ reviews: [review(4), review(3)], nextCursor: null });
        return ok({ reviews: [review(6, { lang: (query.get('lang') as 'ru' | null) ?? 'en' }), review(5)], nextCursor: '5' });
      },
    });
    harness.renderAt('/reviews/all-reviews', <m.AllReviewsPage />);
    await screen.findByTestId('review-6');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByTestId('review-3');
    expect(within(screen.getByTestId('review-list')).getAllByRole('listitem').map((item) => item.getAttribute('data-testid'))).to.deep.equal([
      'review-6',
      'review-5',
      'review-4',
      'review-3',
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).to.equal(null);

    await user.selectOptions(screen.getByLabelText('Language'), 'ru');
    await waitFor(() => expect(window.location.search).to.equal('?lang=ru'));
    await waitFor(() => expect(harness.api.requests.some((request) => request.query === 'lang=ru')).to.equal(true));
    await user.selectOptions(screen.getByLabelText('Rating'), '1');
    await waitFor(() => expect(window.location.search).to.equal('?lang=ru&rating=1'));
    expect((await screen.findByTestId('reviews-empty')).textContent).to.equal('No reviews match the filter. Change the filter settings.');
  });
});
