import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '@/test/render';
import { todayInIndia } from '@/lib/validation';
import FamilyRegistrationPage from './FamilyRegistrationPage';

type Answer = (body: unknown) => Response;

/** Answers POST /api/members/register with `answer` and records the bodies sent. */
function stubRegister(answer: Answer = () => json({ id: 7 }, 201)) {
  const bodies: Array<{ head: Record<string, string>; familyMembers: Array<Record<string, string>> }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    expect(new URL(request.url).pathname).toBe('/api/members/register');
    expect(request.method).toBe('POST');
    const body = JSON.parse(await request.text());
    bodies.push(body);
    return answer(body);
  }) as typeof fetch;
  return bodies;
}

const head = () => screen.getByRole('group', { name: 'Head of family' });
const member = (n: number) => screen.getByRole('group', { name: `Family member ${n}` });
const set = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** Years before today in India, as YYYY-MM-DD (the day after that date: `shift` days). */
function yearsAgo(years: number, shift = 0): string {
  const [y, m, d] = todayInIndia().split('-').map(Number);
  const date = new Date(Date.UTC(y - years, m - 1, d + shift));
  return date.toISOString().slice(0, 10);
}

function fillHead() {
  const h = head();
  set(h, 'First name', 'सुरेश');
  set(h, 'Middle name', 'रामचंद्र');
  set(h, 'Last name', 'पाटील');
  set(h, 'Surname', 'पाटील');
  set(h, "Father's name", 'रामचंद्र');
  set(h, "Mother's name", 'सीता');
  set(h, 'Date of birth', '1970-05-14');
  set(h, 'Sex', 'Male');
  set(h, 'Education', 'बी.कॉम.');
  set(h, 'Occupation', 'शेती');
  set(h, 'Marital status', 'Married');
  set(h, 'Work address', 'सोलापूर');
  set(h, 'WhatsApp number', '9876543210');
  set(h, 'Area', 'सोलापूर');
}

function fillMember(scope: HTMLElement, name: string) {
  set(scope, 'Name', name);
  set(scope, 'Relation to the head of family', 'मुलगी');
  set(scope, "Father's name", 'सुरेश');
  set(scope, "Mother's name", 'सुमन');
  set(scope, 'Surname', 'पाटील');
  set(scope, 'Date of birth', '1998-02-01');
  set(scope, 'Sex', 'Female');
  set(scope, 'Education', 'एम.ए.');
  set(scope, 'Occupation', 'शिक्षिका');
  set(scope, 'Marital status', 'Unmarried');
  set(scope, 'Work address', 'पुणे');
  set(scope, 'WhatsApp number', '9876543211');
  set(scope, 'Area', 'पुणे');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

afterEach(() => vi.restoreAllMocks());

describe('the family registration form', () => {
  it('labels every field of the head and of the one member it starts with, with the right inputs', () => {
    renderWithProviders(<FamilyRegistrationPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Member Registration' })).toBeInTheDocument();
    for (const label of ['First name', 'Middle name', 'Last name', 'Surname', "Father's name", "Mother's name", 'Date of birth', 'Age', 'Sex', 'Education', 'Occupation', 'Marital status', 'Work address', 'WhatsApp number', 'Area']) {
      expect(within(head()).getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getAllByTestId('family-member')).toHaveLength(1);
    for (const label of ['Name', 'Relation to the head of family', "Father's name", "Mother's name", 'Surname', 'Date of birth', 'Age', 'Sex', 'Education', 'Occupation', 'Marital status', 'Work address', 'WhatsApp number', 'Area']) {
      expect(within(member(1)).getByLabelText(label)).toHaveValue('');
    }
    const dob = within(head()).getByLabelText('Date of birth');
    expect(dob).toHaveAttribute('type', 'date');
    expect(dob).toHaveAttribute('max', todayInIndia());
    expect(within(head()).getByLabelText('WhatsApp number')).toHaveAttribute('inputmode', 'tel');
    expect(within(member(1)).getByLabelText('Age')).toHaveAttribute('inputmode', 'numeric');
    const options = (label: string) => [...within(head()).getByLabelText(label).querySelectorAll('option')].map((o) => [o.value, o.textContent]);
    expect(options('Sex')).toEqual([['', 'Select'], ['Male', 'Male'], ['Female', 'Female'], ['Other', 'Other']]);
    expect(options('Marital status').map(([value]) => value)).toEqual(['', 'Married', 'Unmarried', 'Widowed', 'Divorced', 'Other']);
  });

  it('offers the marital status in Marathi while keeping the English values', () => {
    renderWithProviders(<FamilyRegistrationPage />, { lng: 'mr' });
    const group = screen.getByRole('group', { name: 'कुटुंबप्रमुख' });
    const status = within(group).getByLabelText('वैवाहिक स्थिती');
    expect([...status.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'निवडा'],
      ['Married', 'विवाहित'],
      ['Unmarried', 'अविवाहित'],
      ['Widowed', 'विधुर/विधवा'],
      ['Divorced', 'घटस्फोटित'],
      ['Other', 'इतर'],
    ]);
    expect([...within(group).getByLabelText('लिंग').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['निवडा', 'पुरुष', 'स्त्री', 'इतर']);
  });

  it("checks each field as it changes with the server's rules, the message tied to the field", async () => {
    renderWithProviders(<FamilyRegistrationPage />);
    const h = head();
    const m = member(1);
    const cases: Array<[HTMLElement, string, string, string]> = [
      [h, 'First name', 'Suresh2', 'Only letters are allowed'],
      [h, 'Surname', 'x'.repeat(101), 'Maximum 100 characters allowed'],
      [h, 'Age', '4a', 'Only numbers allowed'],
      [h, 'WhatsApp number', '98765', 'Enter 10-digit number'],
      [h, 'Education', 'B.A. 🎓', 'Emojis are not allowed'],
      [h, 'Date of birth', yearsAgo(0, 1), 'Date of birth cannot be in the future'],
      [m, 'Name', 'Asha!', 'Only letters are allowed'],
      [m, "Father's name", ' ', "Father's name is required"],
      [m, 'Work address', 'x'.repeat(201), 'Maximum 200 characters allowed'],
    ];
    for (const [scope, label, value, message] of cases) {
      set(scope, label, value);
      expect(within(scope).getByLabelText(label), `${label} = ${value}`).toHaveAccessibleDescription(message);
      expect(within(scope).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    // Names of any script with their marks pass; the message goes as the value becomes right.
    set(h, 'First name', 'ज्ञानेश्वर');
    expect(within(h).getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    set(m, 'Name', 'Anne Marie');
    expect(within(m).getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    // A field not yet touched stays quiet.
    expect(within(h).getByLabelText('Middle name')).not.toHaveAttribute('aria-invalid');
  });

  it('fills the age from the date of birth and leaves it editable', () => {
    renderWithProviders(<FamilyRegistrationPage />);
    const h = head();
    set(h, 'Date of birth', yearsAgo(30));
    expect(within(h).getByLabelText('Age')).toHaveValue('30');
    // The birthday is tomorrow: still 29.
    set(h, 'Date of birth', yearsAgo(30, 1));
    expect(within(h).getByLabelText('Age')).toHaveValue('29');
    set(h, 'Age', '31');
    expect(within(h).getByLabelText('Age')).toHaveValue('31');
    // A member's too.
    set(member(1), 'Date of birth', yearsAgo(8));
    expect(within(member(1)).getByLabelText('Age')).toHaveValue('8');
  });

  it('reads digits typed on a Marathi keyboard as Latin digits', () => {
    renderWithProviders(<FamilyRegistrationPage />);
    set(head(), 'WhatsApp number', '९८७६५४३२१०');
    expect(within(head()).getByLabelText('WhatsApp number')).toHaveValue('9876543210');
    expect(within(head()).getByLabelText('WhatsApp number')).not.toHaveAttribute('aria-invalid');
    set(head(), 'Age', '४२');
    expect(within(head()).getByLabelText('Age')).toHaveValue('42');
  });

  it('adds members with Add Member (focus on the new Name) and removes any with its Delete', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FamilyRegistrationPage />);
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(screen.getAllByTestId('family-member')).toHaveLength(3);
    expect(within(member(3)).getByLabelText('Name')).toHaveFocus();
    set(member(2), 'Name', 'Kavita');
    set(member(3), 'Name', 'Rohan');

    await user.click(screen.getByRole('button', { name: 'Delete family member 2' }));
    expect(screen.getAllByTestId('family-member')).toHaveLength(2);
    // The others keep their values and are numbered again.
    expect(within(member(2)).getByLabelText('Name')).toHaveValue('Rohan');
    expect(screen.getByRole('button', { name: 'Add Member' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Delete family member 1' }));
    await user.click(screen.getByRole('button', { name: 'Delete family member 1' }));
    expect(screen.queryAllByTestId('family-member')).toHaveLength(0);
    expect(screen.getByText('No family members added.')).toBeInTheDocument();
  });

  it('stops Add Member at 30 members and says why', async () => {
    renderWithProviders(<FamilyRegistrationPage />);
    const add = screen.getByRole('button', { name: 'Add Member' });
    for (let i = 1; i < 30; i++) fireEvent.click(add);
    expect(screen.getAllByTestId('family-member')).toHaveLength(30);
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('At most 30 family members');
    // Rendering thirty members' fields is heavy work for jsdom: on a loaded machine it needs
    // more than the default five seconds, which says nothing about the form.
  }, 30_000);

  it('sends nothing while a field is wrong, shows every message and puts the focus on the first', async () => {
    const bodies = stubRegister();
    renderWithProviders(<FamilyRegistrationPage />);
    set(head(), 'First name', 'सुरेश');
    set(member(1), 'Name', 'Asha');
    submit();
    await waitFor(() => expect(within(head()).getByLabelText('Middle name')).toHaveFocus());
    expect(within(head()).getByLabelText('Middle name')).toHaveAccessibleDescription('Middle name is required');
    expect(within(head()).getByLabelText("Father's name")).toHaveAccessibleDescription('Father name is required');
    expect(within(head()).getByLabelText("Mother's name")).toHaveAccessibleDescription('Mother name is required');
    expect(within(head()).getByLabelText('Marital status')).toHaveAccessibleDescription('Status is required');
    // The member that was started is checked with the member's wording.
    expect(within(member(1)).getByLabelText("Father's name")).toHaveAccessibleDescription("Father's name is required");
    expect(within(member(1)).getByLabelText("Mother's name")).toHaveAccessibleDescription("Mother's name is required");
    expect(within(member(1)).getByLabelText('Relation to the head of family')).toHaveAccessibleDescription('Relation is required');
    expect(bodies).toHaveLength(0);
  });

  it('shows the messages in Marathi', async () => {
    stubRegister();
    renderWithProviders(<FamilyRegistrationPage />, { lng: 'mr' });
    fireEvent.click(screen.getByRole('button', { name: 'सादर करा' }));
    const group = screen.getByRole('group', { name: 'कुटुंबप्रमुख' });
    await waitFor(() => expect(within(group).getByLabelText('प्रथम नाव')).toHaveFocus());
    expect(within(group).getByLabelText('प्रथम नाव')).toHaveAccessibleDescription('प्रथम नाव आवश्यक आहे');
    expect(within(group).getByLabelText('व्हॉट्सॲप क्रमांक')).toHaveAccessibleDescription('व्हॉट्सॲप क्रमांक आवश्यक आहे');
    expect(within(group).getByLabelText('जन्मदिनांक')).toHaveAccessibleDescription('जन्मदिनांक आवश्यक आहे');
  });

  it('does not send a member left completely empty, nor check it', async () => {
    const bodies = stubRegister();
    renderWithProviders(<FamilyRegistrationPage />);
    fillHead();
    // Typed, then emptied again: as if never touched.
    set(member(1), 'Name', 'A');
    set(member(1), 'Name', '');
    expect(within(member(1)).getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    submit();
    await screen.findByText('Family registered successfully!');
    expect(bodies).toHaveLength(1);
    expect(bodies[0].familyMembers).toEqual([]);
    expect(bodies[0].head).toEqual({
      firstName: 'सुरेश',
      middleName: 'रामचंद्र',
      lastName: 'पाटील',
      surname: 'पाटील',
      fatherName: 'रामचंद्र',
      motherName: 'सीता',
      dob: '1970-05-14',
      age: expect.stringMatching(/^\d+$/),
      sex: 'Male',
      education: 'बी.कॉम.',
      occupation: 'शेती',
      status: 'Married',
      workAddress: 'सोलापूर',
      whatsapp: '9876543210',
      area: 'सोलापूर',
    });
  });

  it('registers the head with two members (an empty entry between them dropped) and resets to empty', async () => {
    const bodies = stubRegister();
    renderWithProviders(<FamilyRegistrationPage />);
    fillHead();
    set(head(), 'First name', '  सुरेश  ');
    fillMember(member(1), 'सुनीता');
    fireEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    fillMember(member(3), 'रोहन');
    submit();
    const done = await screen.findByText('Family registered successfully!');
    expect(bodies[0].familyMembers.map((m) => m.name)).toEqual(['सुनीता', 'रोहन']);
    expect(bodies[0].familyMembers[0]).toMatchObject({ relation: 'मुलगी', dob: '1998-02-01', sex: 'Female', status: 'Unmarried', whatsapp: '9876543211' });
    // Values are sent trimmed.
    expect(bodies[0].head.firstName).toBe('सुरेश');
    // Reset: an empty head and one empty member; the message has the focus.
    await waitFor(() => expect(done).toHaveFocus());
    expect(within(head()).getByLabelText('First name')).toHaveValue('');
    expect(within(head()).getByLabelText('Sex')).toHaveValue('');
    expect(screen.getAllByTestId('family-member')).toHaveLength(1);
    expect(within(member(1)).getByLabelText('Name')).toHaveValue('');
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });

  it("puts the server's messages under the member they name, counting only the members sent", async () => {
    stubRegister(() =>
      json(
        {
          error: 'Validation failed',
          fields: { 'head.surname': 'Only letters are allowed', 'familyMembers.1.whatsapp': 'Enter 10-digit number' },
        },
        422,
      ),
    );
    renderWithProviders(<FamilyRegistrationPage />);
    fillHead();
    fillMember(member(1), 'सुनीता');
    fireEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    fillMember(member(3), 'रोहन');
    submit();
    expect(await screen.findByText('Submission failed')).toBeInTheDocument();
    // familyMembers.1 is the second member sent: the third entry, the empty second one not sent.
    expect(within(member(3)).getByLabelText('WhatsApp number')).toHaveAccessibleDescription('Enter 10-digit number');
    expect(within(member(1)).getByLabelText('WhatsApp number')).not.toHaveAttribute('aria-invalid');
    expect(within(member(2)).getByLabelText('WhatsApp number')).not.toHaveAttribute('aria-invalid');
    expect(within(head()).getByLabelText('Surname')).toHaveAccessibleDescription('Only letters are allowed');
    await waitFor(() => expect(within(head()).getByLabelText('Surname')).toHaveFocus());
    // Nothing was reset.
    expect(within(member(3)).getByLabelText('Name')).toHaveValue('रोहन');
  });

  it("shows the members' limit under the members and 'Submission failed' with the reason for other failures", async () => {
    let answer = json({ error: 'Validation failed', fields: { familyMembers: 'At most 30 family members' } }, 422);
    stubRegister(() => answer);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<FamilyRegistrationPage />);
    fillHead();
    submit();
    expect(await screen.findByText('At most 30 family members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Member' })).toHaveAccessibleDescription('At most 30 family members');

    answer = json({ error: 'Database unavailable' }, 503);
    submit();
    expect(await screen.findByText('Submission failed: Database unavailable')).toBeInTheDocument();
    expect(within(head()).getByLabelText('First name')).toHaveValue('सुरेश');
  });

  it("says 'Submission failed' when the server cannot be reached", async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<FamilyRegistrationPage />);
    fillHead();
    submit();
    const message = await screen.findByText('Submission failed');
    await waitFor(() => expect(message).toHaveFocus());
  });

  it('past the rate limit says how long to wait, in the page’s language, and keeps the head and the members typed', async () => {
    const bodies = stubRegister(() => json({ error: 'Too many submissions from your connection. Please try again later.' }, 429, { 'Retry-After': '90' }));
    const { i18n } = renderWithProviders(<FamilyRegistrationPage />);
    fillHead();
    fillMember(member(1), 'सुनीता');
    submit();
    const message = await screen.findByText('Too many submissions from your connection. Please wait 2 minutes and try again.');
    await waitFor(() => expect(message).toHaveFocus());
    expect(screen.queryByText(/Submission failed/)).toBeNull();
    expect(bodies[0]).toMatchObject({ website: '' });
    expect(within(head()).getByLabelText('First name')).toHaveValue('सुरेश');
    expect(within(member(1)).getByLabelText('Name')).toHaveValue('सुनीता');
    await act(() => i18n.changeLanguage('mr'));
    expect(screen.getByText('आपल्या इंटरनेट कनेक्शनवरून खूप वेळा माहिती पाठवली गेली. कृपया २ मिनिटे थांबून पुन्हा प्रयत्न करा.')).toBeInTheDocument();
  });

  describe('keeps a draft in this browser until it is sent', () => {
    const RESTORED = 'What you typed earlier on this device has been filled in again. It is kept only in this browser until you submit the form.';

    it('brings back the head and the members after a reload, in either language, with a note', () => {
      const first = renderWithProviders(<FamilyRegistrationPage />);
      expect(screen.queryByText(RESTORED)).toBeNull();
      fillHead();
      fireEvent.click(screen.getByRole('button', { name: 'Add Member' }));
      fillMember(member(2), 'सुनीता');
      first.unmount();

      // The same draft whatever the language (one key).
      renderWithProviders(<FamilyRegistrationPage />, { lng: 'mr' });
      const h = screen.getByRole('group', { name: 'कुटुंबप्रमुख' });
      expect(within(h).getByLabelText('प्रथम नाव')).toHaveValue('सुरेश');
      expect(within(h).getByLabelText('वय')).not.toHaveValue('');
      expect(within(h).getByLabelText('लिंग')).toHaveValue('Male');
      expect(screen.getAllByTestId('family-member')).toHaveLength(2);
      expect(within(screen.getAllByTestId('family-member')[0]).getByLabelText('नाव')).toHaveValue('');
      expect(within(screen.getAllByTestId('family-member')[1]).getByLabelText('नाव')).toHaveValue('सुनीता');
      // Restored, not checked: no message until a field changes or the form is sent.
      expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
      expect(screen.getByText('आपण या उपकरणावर आधी भरलेली माहिती पुन्हा भरली आहे. अर्ज सादर करेपर्यंत ती फक्त या ब्राउझरमध्ये जतन राहते.')).toBeInTheDocument();
    });

    it('keeps only the fields’ text: not the honeypot, nothing else', () => {
      const first = renderWithProviders(<FamilyRegistrationPage />);
      set(head(), 'First name', 'सुरेश');
      const saved = JSON.parse(localStorage.getItem('familyRegistrationDraft')!) as { value: { head: Record<string, string>; members: unknown[] } };
      expect(Object.keys(saved.value)).toEqual(['head', 'members']);
      expect(saved.value.head.firstName).toBe('सुरेश');
      expect(Object.keys(saved.value.head)).not.toContain('website');
      expect(JSON.stringify(saved)).not.toContain('website');
      first.unmount();
    });

    it('forgets it once the family is registered', async () => {
      stubRegister();
      const first = renderWithProviders(<FamilyRegistrationPage />);
      fillHead();
      fillMember(member(1), 'सुनीता');
      expect(localStorage.getItem('familyRegistrationDraft')).not.toBeNull();
      submit();
      await screen.findByText('Family registered successfully!');
      expect(localStorage.getItem('familyRegistrationDraft')).toBeNull();
      first.unmount();
      renderWithProviders(<FamilyRegistrationPage />);
      expect(within(head()).getByLabelText('First name')).toHaveValue('');
      expect(screen.queryByText(RESTORED)).toBeNull();
    });

    it('keeps it when the server refuses the form', async () => {
      stubRegister(() => json({ error: 'Database unavailable' }, 503));
      const first = renderWithProviders(<FamilyRegistrationPage />);
      fillHead();
      submit();
      await screen.findByText(/Submission failed/);
      first.unmount();
      renderWithProviders(<FamilyRegistrationPage />);
      expect(within(head()).getByLabelText('First name')).toHaveValue('सुरेश');
    });

    it('Clear the form empties it and forgets the draft', async () => {
      const first = renderWithProviders(<FamilyRegistrationPage />);
      fillHead();
      first.unmount();
      renderWithProviders(<FamilyRegistrationPage />);
      fireEvent.click(screen.getByRole('button', { name: 'Clear the form' }));
      expect(within(head()).getByLabelText('First name')).toHaveValue('');
      expect(screen.queryByText(RESTORED)).toBeNull();
      expect(localStorage.getItem('familyRegistrationDraft')).toBeNull();
      await waitFor(() => expect(within(head()).getByLabelText('First name')).toHaveFocus());
    });
  });
});
