/** The shared UI building blocks; import from here rather than from the individual files. */
export { Accordion, type AccordionProps } from './Accordion.tsx';
export { OptionsMenu, type OptionsMenuItem, type OptionsMenuProps } from './OptionsMenu.tsx';
export { Spinner, type SpinnerProps, type SpinnerVariant } from './Spinner.tsx';
export { PasswordField, type PasswordFieldProps } from './PasswordField.tsx';
export { Switch, SWITCH_DEFAULT_HEIGHT, SWITCH_DEFAULT_WIDTH, type SwitchProps } from './Switch.tsx';
export { LinkTo, type LinkToProps } from './LinkTo.tsx';
export { Pagination, type PaginationProps } from './Pagination.tsx';
export { clampPage, resolvePageInput, shouldShowPagination, toDisplayPage, toZeroBased } from './pagination.ts';
export {
  FormField,
  TEXTAREA_DEFAULT_ROWS,
  type FormFieldInputProps,
  type FormFieldProps,
  type FormFieldSelectProps,
  type FormFieldTextareaProps,
} from './FormField.tsx';
export { joinIds, visibleError } from './form-state.ts';
export { FileField, type FileFieldProps } from './FileField.tsx';
export {
  acceptAttribute,
  acceptedTypes,
  checkFiles,
  DEFAULT_ACCEPT,
  FILE_DIALOG_CANCEL_DELAY_MS,
  FILE_ERROR_CODES,
  FILE_FIELD_MESSAGES,
  fileDropState,
  fileMatchesTypes,
  formatFileSize,
  invalidTypeError,
  invalidTypeMessage,
  TOO_MANY_FILES_MESSAGE,
  tooLargeError,
  tooLargeMessage,
  tooManyFilesError,
  tooSmallError,
  tooSmallMessage,
  type FileAccept,
  type FileCheckResult,
  type FileDropState,
  type FileErrorCode,
  type FileFieldError,
  type FileFieldRules,
  type FileLike,
  type FileRejectionRecord,
  type FileValidator,
  type FileValidatorResult,
} from './file-field-rules.ts';
export { DateOfBirth, type DateOfBirthProps } from './DateOfBirth.tsx';
export {
  clampDateOfBirth,
  combineDateOfBirth,
  dateOfBirthCutoff,
  dateOfBirthError,
  dayOptions,
  daysInMonth,
  DOB_DAY_MAX,
  DOB_DEFAULT_MINIMUM_AGE,
  DOB_MONTH_MAX,
  DOB_YEARS_LISTED,
  EMPTY_DATE_OF_BIRTH,
  isLeapYear,
  MONTH_NAMES,
  monthOptions,
  setDateOfBirthPart,
  splitDateOfBirth,
  yearOptions,
  type DateOfBirthContext,
  type DateOfBirthCutoff,
  type DateOfBirthPart,
  type DateOfBirthParts,
  type DateOfBirthTouched,
} from './date-of-birth-rules.ts';
export { DateInput, type DateInputProps } from './DateInput.tsx';
export {
  checkDateInput,
  dateInputBounds,
  isIsoDate,
  toIsoDate,
  type DateInputBounds,
  type DateInputOptions,
} from './date-input-rules.ts';
export { SearchList, type SearchListProps } from './SearchList.tsx';
export {
  exactMatch,
  filterOptions,
  nextActiveIndex,
  normalizeSearchText,
  resolveOnBlur,
  resultCountText,
  SEARCH_LIST_DEBOUNCE_MS,
  SEARCH_LIST_MAX_OPTIONS,
  type ResolveOnBlurInput,
} from './search-list-rules.ts';
