import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { ContentPageDto } from '../../../../common/content';
import { failure, ok } from '../../exchange/testing/apiServer';
import { loadPublicPages, startPublicHarness, type PublicHarness, type PublicPages } from '../../reviews/testing/harness';

let m: PublicPages;
let harness: PublicHarness;

describe('contacts page (/contacts) and the links to its form', () => {
  before(async () => {
    m = await loadPublicPages();
  });

  afterEach(async () => {
    await harness.close();
  });

  it('sends the form and shows "Message sent", with the subject preselected by ?subject=', async () => {
    harness = await startPublicHarness(m, { 'POST /contacts': ok({ message: 'Message sent' }) });
    harness.renderAt('/contacts?subject=referral', <m.ContactsPage />);
    const form = await screen.findByTestId('contact-form');
    const subject = within(form).getByRole('combobox', { name: /Subject/ }) as HTMLSelectElement;
    expect(subject.value).to.equal('referral');
    expect(subject.selectedOptions[0]!.textContent).to.equal('Higher referral percentage');
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/Your name/), 'Oleg');
    await user.type(within(form).getByLabelText(/E-mail/), 'oleg@example.com');
    await user.type(within(form).getByLabelText(/Message/), 'I bring 200 clients a month.');
    await user.click(within(form).getByRole('button', { name: 'Send the message' }));
    expect((await screen.findByTestId('contact-sent')).textContent).to.equal('Message sent');
    const post = harness.api.requests.find((request) => request.method === 'POST')!;
    expect(post.body).to.deep.equal({ name: 'Oleg', email: 'oleg@example.com', subject: 'referral', message: 'I bring 200 clients a month.', captcha: '' });
  });

  it('ignores an unknown subject, checks the fields before sending and shows the server field errors', async () => {
    harness = await startPublicHarness(m, { 'POST /contacts': failure(400, 'validation_failed', 'Check the fields', { email: 'The address is not accepted' }) });
    harness.renderAt('/contacts?subject=money', <m.ContactsPage />);
    const form = await screen.findByTestId('contact-form');
    expect((within(form).getByRole('combobox', { name: /Subject/ }) as HTMLSelectElement).value).to.equal('general');
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Send the message' }));
    expect(harness.api.requests.filter((request) => request.method === 'POST')).to.have.length(0);
    await user.type(within(form).getByLabelText(/Your name/), 'Oleg');
    await user.type(within(form).getByLabelText(/E-mail/), 'oleg@example.com');
    await user.type(within(form).getByLabelText(/Message/), 'Hello');
    await user.click(within(form).getByRole('button', { name: 'Send the message' }));
    expect((await within(form).findByText('The address is not accepted')).getAttribute('role')).to.equal('alert');
  });

  it('links the partners page "discuss the terms" to the form with the referral subject', async () => {
    // The partners page's text is a content page (backend/content); its buttons follow it.
    const partners: ContentPageDto = { key: 'partners', lang: 'en', title: 'Partners', description: 'For partners', html: '<p>Earn up to 15 %.</p>', updatedAt: '2026-11-25T00:00:00.000Z', faq: null, terms: null, cash: null };
    harness = await startPublicHarness(m, { 'GET /content/pages/partners': ok(partners) });
    harness.renderAt('/partners', <m.PartnersPage />);
    expect((await screen.findByRole('link', { name: 'Discuss the terms' })).getAttribute('href')).to.equal('/contacts?subject=referral');
    expect(screen.getByText('Earn up to 15 %.')).to.exist;
  });
});
