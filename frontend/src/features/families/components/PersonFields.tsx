import { useTranslation } from 'react-i18next';
import { SelectField, TextArea, TextField } from '@/components/ui/TextField';
import type { FormErrors } from '@/lib/validation';
import { useToday } from '@/lib/useToday';
import { MOBILE_MAX_LENGTH, latinDigits } from '@/lib/text';
import { DIGIT_FIELDS, ageOn, choiceLabels, choicesOf, fieldLabels, fieldsOf, rulesOf, type PersonField, type PersonKind } from '../fields';

type Props = {
  kind: PersonKind;
  /** Makes the fields' ids unique on the page, e.g. "head" or "member-3". */
  idPrefix: string;
  values: Record<string, string>;
  /** Messages (English i18n keys) by field name. */
  errors: FormErrors;
  onChange: (name: PersonField, value: string) => void;
};

/** The id of a person's field, so that a form can move the focus to it. */
export const fieldId = (idPrefix: string, name: string) => `${idPrefix}-${name}`;

/**
 * The fields of a head of family or of a member, each labelled with its message under it. The
 * date of birth fills in the age (which stays editable); WhatsApp and age open the digit
 * keyboard and take Devanagari digits as Latin ones, and WhatsApp a leading 0 or +91. Used by the public form and the
 * administrator's edit forms alike.
 */
export function PersonFields({ kind, idPrefix, values, errors, onChange }: Props) {
  const { t } = useTranslation();
  const rules = rulesOf(kind);
  const today = useToday();
  // Browsers fill in the visitor's own details; a member's are someone else's.
  const auto = (token: string) => (kind === 'head' ? token : 'off');

  const change = (name: PersonField, value: string) => {
    const next = DIGIT_FIELDS.has(name) ? latinDigits(value) : value;
    onChange(name, next);
    if (name === 'dob') {
      const age = ageOn(next, today);
      if (age !== undefined) onChange('age', age);
    }
  };

  const input = (name: PersonField) => {
    const common = {
      id: fieldId(idPrefix, name),
      name,
      label: t(fieldLabels[name]),
      value: values[name] ?? '',
      error: errors[name] ? t(errors[name]) : undefined,
      required: true,
    };
    switch (name) {
      case 'dob':
        return <TextField {...common} type="date" max={today} onChange={(e) => change(name, e.target.value)} />;
      case 'age':
        return (
          <TextField {...common} inputMode="numeric" maxLength={3} autoComplete="off" onChange={(e) => change(name, e.target.value)} />
        );
      case 'whatsapp':
        return (
          <TextField
            {...common}
            type="tel"
            inputMode="tel"
            maxLength={MOBILE_MAX_LENGTH}
            autoComplete={auto('tel-national')}
            onChange={(e) => change(name, e.target.value)}
          />
        );
      case 'sex':
      case 'status':
        return (
          <SelectField
            {...common}
            placeholder={t('Select')}
            options={choicesOf(rules, name).map((value) => ({ value, label: t(choiceLabels[value] ?? value) }))}
            onChange={(e) => change(name, e.target.value)}
          />
        );
      case 'workAddress':
        return <TextArea {...common} rows={2} autoComplete="off" onChange={(e) => change(name, e.target.value)} />;
      default: {
        const tokens: Partial<Record<PersonField, string>> = {
          firstName: 'given-name',
          middleName: 'additional-name',
          lastName: 'family-name',
          surname: 'family-name',
        };
        return <TextField {...common} autoComplete={auto(tokens[name] ?? 'off')} onChange={(e) => change(name, e.target.value)} />;
      }
    }
  };

  return (
    <div className="field-room">
      <div className="field-grid three-columns-from-52">
        {fieldsOf(kind).map((name) => (
          <div key={name} className={name === 'workAddress' ? 'field-wide' : undefined}>
            {input(name)}
          </div>
        ))}
      </div>
    </div>
  );
}
