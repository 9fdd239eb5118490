/**
 * Prompts the user did not ask for never cover a modal (issue 31): a toast asked for while a modal is open shows when
 * it closes; a toast that stays is taken down when a modal opens and comes back after; dialogs opened by the app show
 * one at a time. Real antd Modal and notification, through the app's providers.
 */
import React, { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button, Modal } from 'antd';
import AppProviders from '@/components/AppProviders';
import { setLocale } from '@/locales';
import { resetPromptQueue } from '@/utils/promptQueue';
import { usePromptSlot, useQueuedNotification } from './usePrompt';

afterEach(() => resetPromptQueue());

function Page({ stays = false }: { stays?: boolean }) {
  const notify = useQueuedNotification();
  const [modal, setModal] = useState(false);
  return (
    <>
      <Button onClick={() => setModal(true)}>open modal</Button>
      <Button onClick={() => notify({ key: 'news', message: 'A new bulletin', duration: stays ? 0 : 4.5, placement: 'top' })}>bulletin</Button>
      <Modal open={modal} title="Subscription reminder" onCancel={() => setModal(false)} footer={<Button onClick={() => setModal(false)}>Ignore reminder</Button>}>
        reminder text
      </Modal>
    </>
  );
}

function AppDialog({ name, wanted, onClose }: { name: string; wanted: boolean; onClose: () => void }) {
  const open = usePromptSlot(wanted);
  return (
    <Modal open={open} title={name} onCancel={onClose} footer={<Button onClick={onClose}>Close {name}</Button>}>
      {name} body
    </Modal>
  );
}

function TwoDialogs() {
  const [first, setFirst] = useState(true);
  const [second, setSecond] = useState(true);
  return (
    <>
      <AppDialog name="Reminder" wanted={first} onClose={() => setFirst(false)} />
      <AppDialog name="Invitations" wanted={second} onClose={() => setSecond(false)} />
    </>
  );
}

/** The open dialogs showing `name` (several modals share one title id under test, so not by accessible name). */
const shown = (name: string) => screen.queryAllByRole('dialog').find((d) => d.textContent?.includes(`${name} body`)) ?? null;
const toast = () => screen.queryByText('A new bulletin');

function mount(ui: React.ReactElement) {
  setLocale('en-US');
  return render(<AppProviders>{ui}</AppProviders>);
}

describe('prompt queue', () => {
  it('a toast asked for while a modal is open waits until the modal closes', async () => {
    mount(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'open modal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscription reminder' });
    fireEvent.click(screen.getByRole('button', { name: 'bulletin' }));
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(toast()).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ignore reminder' }));
    await waitFor(() => expect(toast()).not.toBeNull());
  });

  it('with no modal open the toast shows at once', async () => {
    mount(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'bulletin' }));
    await waitFor(() => expect(toast()).not.toBeNull());
  });

  it('a toast that stays is taken down while a modal is open and comes back when it closes', async () => {
    mount(<Page stays />);
    fireEvent.click(screen.getByRole('button', { name: 'bulletin' }));
    await waitFor(() => expect(toast()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'open modal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscription reminder' });
    await waitFor(() => expect(toast()).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ignore reminder' }));
    await waitFor(() => expect(toast()).not.toBeNull());
  });

  it('dialogs the app opens show one at a time, in order', async () => {
    mount(<TwoDialogs />);
    await waitFor(() => expect(shown('Reminder')).not.toBeNull());
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(shown('Invitations')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close Reminder' }));
    await waitFor(() => expect(shown('Invitations')).not.toBeNull());
    expect(shown('Reminder')).toBeNull();
  });
});
