/**
 * The console's UI tests: its modules loaded through `import()` (after the test set-up, as
 * OperatorPage.test.tsx does), one section rendered inside act (the section loads lazily), and
 * signed-in staff.
 */
import { act, render } from '@testing-library/react';
import type { SessionUser } from '../../../../../common/api';

export async function loadConsole() {
  const [page, client, queryClient, session, query, i18n] = await Promise.all([
    import('../index'),
    import('../../../api/client'),
    import('../../../api/queryClient'),
    import('../../../stores/session'),
    import('@tanstack/react-query'),
    import('../../../../test/i18n'),
  ]);
  return { OperatorPage: page.default, ...client, ...queryClient, ...session, ...query, i18n: i18n.default };
}

export type ConsoleModules = Awaited<ReturnType<typeof loadConsole>>;

/** `/operator/<section>` with a fresh query client. */
export async function renderConsoleSection(m: ConsoleModules, section: string): Promise<void> {
  await act(async () => {
    render(
      <m.QueryClientProvider client={m.createQueryClient()}>
        <m.OperatorPage params={{ section }} />
      </m.QueryClientProvider>,
    );
  });
}

/** A signed-in staff member of `role` (2FA on). */
export function staffUser(role: 'operator' | 'admin', extra: Partial<SessionUser> = {}): SessionUser {
  return { id: 1, email: `${role}@example.com`, firstName: null, secondName: null, role, twoFactorEnabled: true, kycStatus: null, ...extra };
}
