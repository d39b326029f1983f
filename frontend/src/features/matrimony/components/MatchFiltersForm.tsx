import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { SelectField, TextField } from '@/components/ui/TextField';
import type { MatchFilters } from '../api';
import { genderLabels } from '../fields';
import { filterErrors, hasFilters, noFilters } from '../filters';
import styles from './MatchesPage.module.css';

type Props = {
  applied: MatchFilters;
  genders: string[];
  onApply: (filters: MatchFilters) => void;
};

/** The filters members expect: gender, age range, location, education, and a search over name, religion and caste. */
export function MatchFiltersForm({ applied, genders, onApply }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(applied);
  const [errors, setErrors] = useState<ReturnType<typeof filterErrors>>({});
  // Back and Forward change the applied filters: the fields follow.
  const appliedKey = JSON.stringify(applied);
  useEffect(() => {
    setDraft(JSON.parse(appliedKey) as MatchFilters);
    setErrors({});
  }, [appliedKey]);

  const field = (name: keyof MatchFilters) => ({
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = filterErrors(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(draft);
  };

  return (
    <form className={styles.filters} onSubmit={submit} noValidate aria-label={t('Filter the matches')}>
      <SelectField
        label={t('Gender')}
        {...field('gender')}
        options={[{ value: '', label: t('All') }, ...genders.map((value) => ({ value, label: t(genderLabels[value] ?? value) }))]}
      />
      <div className={styles.ages}>
        <TextField
          label={t('Age from')}
          inputMode="numeric"
          maxLength={3}
          {...field('age_min')}
          error={errors.age_min ? t(errors.age_min) : undefined}
        />
        <TextField
          label={t('Age up to')}
          inputMode="numeric"
          maxLength={3}
          {...field('age_max')}
          error={errors.age_max ? t(errors.age_max) : undefined}
        />
      </div>
      <TextField label={t('Location')} {...field('location')} />
      <TextField label={t('Education')} {...field('education')} />
      <TextField label={t('Name, religion or caste')} type="search" {...field('q')} />
      <div className={styles.filterButtons}>
        <Button type="submit">{t('Filter')}</Button>
        {hasFilters(applied) ? (
          <Button variant="secondary" onClick={() => onApply(noFilters)}>
            {t('Clear filters')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
