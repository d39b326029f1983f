import { useTranslation } from 'react-i18next';
import { SelectField, type SelectFieldProps } from '@/components/ui/TextField';
import { formatTime } from '@/lib/dates';
import { useLanguage } from '@/lib/useLanguage';
import { pujaTimeChoices, type PujaHours } from '../policy';

type Props = Omit<SelectFieldProps, 'options' | 'placeholder' | 'value'> & { value: string; hours: PujaHours };

/**
 * The puja time: the same list in both languages, every half hour of the offering's hours (the
 * booking policy), said "05:30" in English and "सकाळी ५:३०" in Marathi. A list rather than a time
 * input: a phone's time picker speaks the phone's language ("AM"/"PM") and offers every minute.
 */
export function PujaTimeField({ hours, value, ...select }: Props) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const options = pujaTimeChoices(hours, value).map((time) => ({ value: time, label: formatTime(time, lang) }));
  return <SelectField {...select} value={value} placeholder={t('Choose a time')} options={options} />;
}
