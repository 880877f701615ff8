import { messages } from '../i18n/messages.ts';
import { featureErrors } from './feature.ts';

const { en_US, zh_TW } = messages;

/**
 * Error codes of reports (4500–4699); the texts of SPEC §5 and §8. A report's input rules
 * answer their own codes with the rule's text alone (the same words the report dialog shows).
 */
export const reportsErrors = featureErrors(
  {
    REPORT_TOO_SOON: 4501,
    REPORT_FAILED: 4502,
    REPORT_INCOMPLETE: 4503,
    REPORT_BAD_IMAGE: 4504,
    REPORT_OWN_WORK: 4505,
    REPORT_RATE_LIMITED: 4506,
    REPORT_IMAGE_TOO_LARGE: 4507,
    REPORT_TYPE_REQUIRED: 4508,
    REPORT_DESCRIPTION_REQUIRED: 4509,
    REPORT_DESCRIPTION_TOO_LONG: 4510,
    REPORT_TOO_MANY_IMAGES: 4511,
  },
  {
    en_US: {
      4501: 'Please do not report the same work within a short period of time',
      4502: 'Report submission failed',
      4503: en_US['report.incomplete'],
      4504: 'Report pictures must be JPG or PNG',
      4505: 'You cannot report your own work',
      4506: 'Too many reports, please slow down and retry later',
      4507: 'A report picture must be at most 5 MB',
      4508: en_US['report.typeRequired'],
      4509: en_US['report.descriptionRequired'],
      4510: en_US['report.descriptionTooLong'],
      4511: en_US['report.imagesMax'],
    },
    zh_TW: {
      4501: '請勿在短時間內重複檢舉同一作品',
      4502: '檢舉提交失敗',
      4503: zh_TW['report.incomplete'],
      4504: '檢舉圖片必須是 JPG 或 PNG',
      4505: '無法檢舉自己的作品',
      4506: '檢舉次數過多，請稍後再試',
      4507: '每張檢舉圖片最多 5 MB',
      4508: zh_TW['report.typeRequired'],
      4509: zh_TW['report.descriptionRequired'],
      4510: zh_TW['report.descriptionTooLong'],
      4511: zh_TW['report.imagesMax'],
    },
  },
);
