import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '#mocks/node.ts';
import { SEED_PASSWORD } from '#mocks/seed.ts';
import { reloadPage } from '#src/lib/reload.ts';
import { renderApp, signInAs } from './render-app.tsx';

// docs/product.md §8, the error catalogue, in one place: each answer is forced on the two forms under
// test (Change Password, JSON; Add Brand, multipart) and on reads, and what the user sees is checked.

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

type User = Awaited<ReturnType<typeof renderApp>>['user'];

const SEVER_ERROR = 'Sever Error. Please Contact Administration.';
const answer = (status: number, body: object) => () => HttpResponse.json(body, { status });
const write = (responseMessage: string, responseFlag: string) => ({ responseMessage, responseFlag });
// The alert's style is its flag (components/alert.tsx): the colour is all that tells them apart.
const flagClass = { success: 'bg-emerald-50', danger: 'bg-red-50', warning: 'bg-amber-50' };

const forms = [
  {
    name: 'Change Password',
    url: '/account/password',
    path: '*/api/auth/change-password',
    isAdd: false,
    first: { key: 'currentPassword', label: 'Current Password' },
    second: { key: 'password', label: 'New Password' },
    fill: async (user: User) => {
      await user.type(await screen.findByLabelText('Current Password'), SEED_PASSWORD);
      await user.type(screen.getByLabelText('New Password'), 'a-new-password');
      await user.type(screen.getByLabelText('Confirm Password'), 'a-new-password');
    },
  },
  {
    name: 'Add Brand',
    url: '/brands/add-new-brand',
    path: '*/api/brands/add-brand',
    isAdd: true,
    first: { key: 'brandName', label: 'Brand Name' },
    second: { key: 'brandImage', label: 'Brand Image' },
    fill: async (user: User) => {
      await user.type(await screen.findByLabelText('Brand Name'), 'Dawlance');
      // The forced answers below never read the body, so jsdom's FormData limit (vitest#9135) does not matter.
      await user.upload(screen.getByLabelText('Brand Image'), new File(['png'], 'logo.png', { type: 'image/png' }));
    },
  },
] as const;

/**
 * jsdom's form.reset() leaves a chosen file in place; browsers empty file inputs (the HTML reset
 * algorithm), and react-hook-form's reset() relies on that. Restored after each test.
 */
function resetFileInputsLikeBrowsers() {
  const reset = HTMLFormElement.prototype.reset;
  vi.spyOn(HTMLFormElement.prototype, 'reset').mockImplementation(function (this: HTMLFormElement) {
    reset.call(this);
    for (const input of this.querySelectorAll<HTMLInputElement>('input[type=file]')) input.value = '';
  });
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Submit' }));

describe('203: the session is over, whichever call says so', () => {
  const cases = [
    { call: 'me', url: '/', path: '*/api/me', forgetUser: true, write: false },
    { call: 'brands (list)', url: '/brands', path: '*/api/brands', forgetUser: false, write: false },
    { call: 'brands/get-brand', url: '/brands/edit-brand/1', path: '*/api/brands/get-brand', forgetUser: false, write: false },
    { call: 'auth/change-password', url: '/account/password', path: '*/api/auth/change-password', forgetUser: false, write: true },
  ];
  it.each(cases)('$call', async ({ url, path, forgetUser, write: isWrite }) => {
    await signInAs('admin');
    if (forgetUser) localStorage.removeItem('user');
    server.use(http.post(path, answer(203, write('Your session has expired. Please sign in again.', 'danger'))));
    const { user } = await renderApp(url);
    if (isWrite) {
      await forms[0].fill(user);
      await submit(user);
    }
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    // The plain login screen: the next sign-in may be someone else's, so no way back to this screen.
    expect(reloadPage).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem('usertoken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('203 for a session already left', () => {
  it('ends nothing when the call was sent with a token no longer in force', async () => {
    await signInAs('admin');
    // The list's answer waits until someone else has signed in on this browser, then says 203.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    server.use(
      http.post('*/api/brands', async () => {
        asked = true;
        await released;
        return answer(203, write('Your session has expired. Please sign in again.', 'danger'))();
      }),
    );
    await renderApp('/brands');
    await waitFor(() => expect(asked).toBe(true));
    localStorage.setItem('usertoken', 'the-next-users-token');
    release();
    // The late 203 was about the old token: the list's read fails (Retry offers it again), the new
    // session stays, and no reload sends it away.
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(localStorage.getItem('usertoken')).toBe('the-next-users-token');
  });
});

describe.each(forms)('writes on $name', (form) => {
  it.each([500, 405])('%i shows the danger alert "Sever Error…", whatever the body says', async (status) => {
    server.use(http.post(form.path, answer(status, write('Something the user must not read.', 'danger'))));
    const { user } = await renderApp(form.url, 'admin');
    await form.fill(user);
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SEVER_ERROR);
    expect(alert).toHaveClass(flagClass.danger);
    expect(screen.queryByText('Something the user must not read.')).not.toBeInTheDocument();
  });

  it('422 puts the first message of each field under it', async () => {
    const errors = { [form.first.key]: ['First problem.', 'Not shown.'], [form.second.key]: ['Second problem.'] };
    server.use(http.post(form.path, answer(422, { message: 'The given data was invalid.', errors })));
    const { user } = await renderApp(form.url, 'admin');
    await form.fill(user);
    await submit(user);
    await waitFor(() => expect(screen.getByLabelText(form.first.label)).toHaveAccessibleDescription('First problem.'));
    expect(screen.getByLabelText(form.second.label)).toHaveAccessibleDescription('Second problem.');
    expect(screen.queryByText('Not shown.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('200 success shows the server message as a success alert; an add form clears', async () => {
    resetFileInputsLikeBrowsers();
    server.use(http.post(form.path, answer(200, write('Done, says the server.', 'success'))));
    const { user } = await renderApp(form.url, 'admin');
    await form.fill(user);
    const firstField = screen.getByLabelText(form.first.label);
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Done, says the server.');
    expect(alert).toHaveClass(flagClass.success);
    expect(firstField).toHaveValue('');
    if (form.isAdd) {
      expect(screen.getByLabelText('Brand Image')).toHaveValue('');
      // Asked again, the form finds both fields empty.
      await submit(user);
      expect(await screen.findByText('Please enter brand name.')).toBeInTheDocument();
      expect(screen.getByText('Please upload brand image.')).toBeInTheDocument();
    }
  });

  it('200 with another flag shows the message in that style and keeps the form', async () => {
    server.use(http.post(form.path, answer(200, write('Careful, says the server.', 'warning'))));
    const { user } = await renderApp(form.url, 'admin');
    await form.fill(user);
    const firstField = screen.getByLabelText(form.first.label);
    const typed = (firstField as HTMLInputElement).value;
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Careful, says the server.');
    expect(alert).toHaveClass(flagClass.warning);
    expect(firstField).toHaveValue(typed);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [200, write('Done.', 'success')],
    [500, write('Broken.', 'danger')],
  ] as const)('after a %i answer, scrolls smoothly to the top', async (status, body) => {
    server.use(http.post(form.path, answer(status, body)));
    const { user } = await renderApp(form.url, 'admin');
    await form.fill(user);
    // The router scrolls on arrival; only the write's own scroll counts here.
    vi.mocked(window.scrollTo).mockClear();
    await submit(user);
    await screen.findByRole('alert');
    // In the frame after the answer's render (useWriteCall).
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' }));
  });
});

// Change Password only: in jsdom a multipart body with a File fails on the client side when the
// answer is held back (undici: "Request body length does not match content-length header",
// vitest#9135), so Add Brand cannot be kept waiting here. Both forms share useWriteCall.
describe('a write on its way', () => {
  const form = forms[0];
  it('blocks the submit while the write is on its way: a second try sends nothing', async () => {
    let sent = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(form.path, async () => {
        sent += 1;
        await held;
        return HttpResponse.json(write('Done.', 'success'));
      }),
    );
    const { user } = await renderApp(form.url, 'admin');
    await form.fill(user);
    const button = screen.getByRole('button', { name: 'Submit' });
    await submit(user);
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    // Around the disabled button too: Enter in a field submits the form itself.
    fireEvent.submit(button.closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toBe(1);
    release();
    await waitFor(() => expect(button).toBeEnabled());
    expect(sent).toBe(1);
  });
});

describe('failed reads', () => {
  it('a failed list call is only logged: no alert, no message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      server.use(http.post('*/api/brands', answer(500, write('Broken.', 'danger'))));
      await renderApp('/brands', 'admin');
      await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Could not load/), expect.anything()));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText(SEVER_ERROR)).not.toBeInTheDocument();
      expect(screen.queryByText('Broken.')).not.toBeInTheDocument();
      expect(reloadPage).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });
});
