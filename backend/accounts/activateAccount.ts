import { writeAccount, type AccountsContext } from './context';
import { ActivationFailed } from './errors';
import { consumeToken } from './tokens';

/**
 * Activates the account an emailed link names. The token works once and for 24 hours;
 * otherwise 'Account activation error'.
 */
export async function activateAccount(ctx: AccountsContext, props: { token: string }): Promise<void> {
  await writeAccount(ctx, async ({ transaction }) => {
    const userId = await consumeToken(ctx.models, { token: props.token, purpose: 'activation' }, transaction);
    if (userId === null) throw new ActivationFailed();
    const [count] = await ctx.models.User.update(
      { status: 'active', activatedAt: new Date() },
      { where: { id: userId, status: 'pending' }, transaction },
    );
    if (count !== 1) throw new ActivationFailed();
  });
}
