import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { Honeypot, useHoneypot } from './Honeypot';

const sharedCss = readFileSync(join(__dirname, '../../styles/shared.css'), 'utf8');

let sent = '';

function Form() {
  const honeypot = useHoneypot();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        sent = honeypot.value();
      }}
    >
      <label>
        Name
        <input name="name" />
      </label>
      <Honeypot ref={honeypot.ref} />
      <button type="submit">Send</button>
    </form>
  );
}

/** Renders the form with the site's shared.css in the document (where `.honeypot` is). */
function renderForm(lng: 'en' | 'mr' = 'en') {
  const style = document.createElement('style');
  style.textContent = sharedCss;
  document.head.append(style);
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <Form />
    </I18nextProvider>,
  );
}

afterEach(() => document.head.querySelectorAll('style').forEach((style) => style.remove()));

describe('the honeypot', () => {
  it('is an input named website, never autofilled, out of the tab order and hidden from screen readers', async () => {
    renderForm();
    const input = screen.getByLabelText('Leave this field empty');
    expect(input).toHaveAttribute('name', 'website');
    expect(input).toHaveAttribute('tabindex', '-1');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input.closest('[aria-hidden="true"]')).not.toBeNull();
    // Not in the accessibility tree: no textbox of that name, only the visitor's one.
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);

    // Tab goes from the name straight to the button.
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('is placed off-screen, not display:none (which some bots skip)', () => {
    renderForm();
    const wrapper = screen.getByLabelText('Leave this field empty').closest('.honeypot')!;
    const computed = getComputedStyle(wrapper);
    expect(computed.position).toBe('absolute');
    expect(computed.left).toBe('-10000px');
    expect(computed.overflow).toBe('hidden');
    expect(computed.display).not.toBe('none');
    expect(computed.visibility).not.toBe('hidden');
    expect(sharedCss).not.toMatch(/\.honeypot\s*\{[^}]*display:\s*none/);
  });

  it('hands over what a script put in it, and nothing when left alone', async () => {
    renderForm('mr');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toBe('');
    const input = screen.getByLabelText('ही जागा रिकामी ठेवा') as HTMLInputElement;
    input.value = 'https://spam.example';
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toBe('https://spam.example');
  });
});
