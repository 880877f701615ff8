import type { DailyTask } from '@starlit/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../api/client';
import { Button } from '../../ui/button';
import { dateTimeText } from '../../ui/date-time';
import { Field, inputClass } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { notifyError, notifySuccess } from '../../ui/toast';
import { fromShownInput, publishBounds, publishTimeOf, toShownInput } from './publish-time';
import type { TaskActions } from './use-task-actions';

/**
 * Moves a waiting publish: a date and time at UTC+8, saved with `daily_task/reschedule`. The
 * browser's own range check is off so the server's refusal (9008 out of range, 9014 already
 * fired) is what the person reads, in their language, under the field.
 */
export function EditTimeDialog({ task, actions, onClose }: { task: DailyTask; actions: TaskActions; onClose(): void }) {
  const { t } = useTranslation('task-progress');
  const at = publishTimeOf(task);
  const [value, setValue] = useState(() => (at ? toShownInput(at) : ''));
  const [problem, setProblem] = useState<string | null>(null);
  // the picker's range is read when the dialog opens; the server decides at the moment of saving
  const [bounds] = useState(() => publishBounds(Date.now()));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const iso = fromShownInput(value);
    if (!iso) return setProblem(t('edit.required'));
    const result = await actions.reschedule(task.id, iso);
    if (!isOk(result)) return setProblem(result.message);
    notifySuccess(t('edit.saved', { time: dateTimeText(result.data.publish.at ?? iso) }));
    onClose();
  };

  return (
    <Modal open onClose={onClose} title={t('edit.title')}>
      <form noValidate onSubmit={(e) => void save(e)} className="flex flex-col gap-4">
        <p className="text-sm font-medium break-words text-ink">{task.title}</p>
        <Field label={t('edit.time')} error={problem}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={value}
              min={bounds.min}
              max={bounds.max}
              onChange={(e) => {
                setValue(e.target.value);
                setProblem(null);
              }}
              className={inputClass}
            />
          )}
        </Field>
        <p className="-mt-2 text-xs text-muted">{t('edit.hint')}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('edit.close')}
          </Button>
          <Button type="submit" disabled={actions.busy === task.id}>
            {t('edit.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Asks before cancelling a scheduled publish; the result stays the person's, unpublished. */
export function CancelScheduleDialog({ task, actions, onClose }: { task: DailyTask; actions: TaskActions; onClose(): void }) {
  const { t } = useTranslation('task-progress');
  const at = publishTimeOf(task);
  const confirm = async () => {
    const result = await actions.unschedule(task.id);
    if (isOk(result)) notifySuccess(t('cancel.done'));
    else notifyError(result.message);
    onClose();
  };
  return (
    <Modal open onClose={onClose} title={t('cancel.title')}>
      <p className="text-sm leading-relaxed break-words text-muted">{t('cancel.body', { title: task.title, time: at ? dateTimeText(at) : '' })}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('cancel.keep')}
        </Button>
        <Button className="bg-red-600 hover:bg-red-700" disabled={actions.busy === task.id} onClick={() => void confirm()}>
          {t('cancel.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
