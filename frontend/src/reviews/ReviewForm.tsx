import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { LANGS, type Lang } from '../../../common/api';
import { REVIEW_NAME_MAX, REVIEW_RATINGS, REVIEW_TEXT_MAX, reviewSubmitSchema, type ReviewSubmitInput } from '../../../common/customerReviews';
import { showAlert } from '../accounts/alerts';
import { FormNotice } from '../accounts/AuthCard';
import { useCaptcha } from '../accounts/useCaptcha';
import { ApiError } from '../api/ApiError';
import { Button } from '../components/Button';
import { Select, TextArea, TextField, useForm } from '../components/form';
import { useSessionStore } from '../stores/session';
import { REVIEWS_KEY, submitReview, useReviewableOrders } from './api';

const OTHER_ORDER = '';

/** "Leave a review": the order (a signed-in customer's done order, or a uid and its e-mail), name, rating, text, language. */
export function ReviewForm() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const signedIn = useSessionStore((state) => state.user !== null);
  const mine = useReviewableOrders(signedIn);
  const ownOrders = mine.data?.orders ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? ownOrders[0]?.uid ?? OTHER_ORDER;
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const initial: ReviewSubmitInput = { uid: '', email: '', name: '', rating: 5, text: '', lang, captcha: null };
  const form = useForm(reviewSubmitSchema, initial);
  const captcha = useCaptcha('review');
  const [message, setMessage] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const byOwnOrder = signedIn && chosen !== OTHER_ORDER;

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    const token = await captcha.getToken();
    if (token === null) return;
    try {
      const input = byOwnOrder ? { ...values, uid: chosen, email: undefined } : values;
      const answer = await submitReview({ ...input, captcha: token });
      showAlert(answer.message);
      setSent(answer.message);
      form.reset(initial);
      void client.invalidateQueries({ queryKey: REVIEWS_KEY });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      captcha.reset();
      if (Object.keys(error.fields).length > 0) form.setServerErrors(error.fields);
      else setMessage(error.message);
    }
  });

  // While an own order is picked, the uid field is not shown: the schema still wants one.
  const ownUidMissing = byOwnOrder && form.values.uid !== chosen;
  useEffect(() => {
    if (ownUidMissing) form.setValue('uid', chosen);
    // form.setValue is a new function each render; the guard is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ownUidMissing, chosen]);

  return (
    <form className="card review-form" noValidate onSubmit={onSubmit} aria-labelledby="review-form-title" data-testid="review-form">
      <h2 className="review-form__title" id="review-form-title">
        {t('customerReviews.form.title')}
      </h2>
      <p className="card__text">{t('customerReviews.form.intro')}</p>
      {sent && (
        <FormNotice tone="info">
          <span data-testid="review-sent">{sent}</span>
        </FormNotice>
      )}
      {message && <FormNotice tone="error">{message}</FormNotice>}
      {signedIn && ownOrders.length > 0 && (
        <Select
          label={t('customerReviews.form.order')}
          name="order"
          value={chosen}
          onCommit={setPicked}
          options={[
            ...ownOrders.map((order) => ({ value: order.uid, label: t('customerReviews.form.orderLabel', { uid: order.uid, from: order.fromCode, to: order.toCode }) })),
            { value: OTHER_ORDER, label: t('customerReviews.form.otherOrder') },
          ]}
        />
      )}
      {!byOwnOrder && (
        <>
          <TextField label={t('customerReviews.form.uid')} required autoComplete="off" maxLength={64} {...form.field('uid')} />
          <TextField label={t('customerReviews.form.email')} type="email" autoComplete="email" required {...form.field('email')} value={form.values.email ?? ''} />
        </>
      )}
      <TextField label={t('customerReviews.form.name')} autoComplete="name" required maxLength={REVIEW_NAME_MAX} {...form.field('name')} />
      <Select
        label={t('customerReviews.form.rating')}
        name="rating"
        required
        value={String(form.values.rating)}
        onCommit={(value) => form.setValue('rating', Number(value))}
        error={form.errors.rating}
        options={REVIEW_RATINGS.map((rating) => ({ value: String(rating), label: t('customerReviews.form.ratingOption', { rating }) }))}
      />
      <TextArea label={t('customerReviews.form.text')} required maxLength={REVIEW_TEXT_MAX} {...form.field('text')} />
      <Select
        label={t('customerReviews.form.lang')}
        name="lang"
        value={form.values.lang}
        onCommit={(value) => form.setValue('lang', value as Lang)}
        error={form.errors.lang}
        options={LANGS.map((value) => ({ value, label: t(`customerReviews.langs.${value}`) }))}
      />
      {captcha.element}
      <Button type="submit" size="large" loading={form.submitting}>
        {t('customerReviews.form.submit')}
      </Button>
    </form>
  );
}
