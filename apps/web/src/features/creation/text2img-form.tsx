import { CREATION_LIMITS, CREATION_RATIOS, CREATION_STYLES, type CreationRatio } from '@starlit/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { SelectField, TextArea } from '../../ui/field';
import type { StudioFormProps } from './studio-workflows';

export type Style = (typeof CREATION_STYLES)[number];

/** text2Img: a description, a style and a ratio. */
export function Text2ImgForm({ studio, submitLabel }: StudioFormProps) {
  const { t } = useTranslation('creation');
  const [description, setDescription] = useState('');
  const [style, setStyle] = useState<Style>('watercolor');
  const [ratio, setRatio] = useState<CreationRatio>('1:1');
  const generate = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) return studio.setProblem({ message: t('descriptionRequired'), recharge: false });
    studio.create({ workflow: 'text2Img', description, style, ratio });
  };
  return (
    <form onSubmit={generate} className="flex flex-col gap-4" aria-label={t('workflows.text2Img.title')}>
      <TextArea label={t('description')} value={description} onChange={setDescription} max={CREATION_LIMITS.descriptionChars} rows={4} placeholder={t('workflows.text2Img.placeholder')} />
      <div className="grid grid-cols-2 gap-3">
        <StyleField value={style} onChange={setStyle} />
        <SelectField<CreationRatio> label={t('ratio')} value={ratio} onChange={(v) => v && setRatio(v)} options={CREATION_RATIOS.map((r) => ({ value: r, label: r }))} />
      </div>
      <Button type="submit" disabled={studio.pending || studio.generating}>
        {submitLabel}
      </Button>
    </form>
  );
}

export function StyleField({ value, onChange }: { value: Style; onChange(style: Style): void }) {
  const { t } = useTranslation('creation');
  return <SelectField<Style> label={t('style')} value={value} onChange={(v) => v && onChange(v)} options={CREATION_STYLES.map((s) => ({ value: s, label: t(`styles.${s}`) }))} />;
}

/** A finished picture. */
export function ImageResult({ creation }: { creation: { resultUrl: string | null; description: string } }) {
  return creation.resultUrl ? <img src={creation.resultUrl} alt={creation.description} className="mx-auto max-h-[28rem] w-auto rounded-xl object-contain" /> : null;
}
