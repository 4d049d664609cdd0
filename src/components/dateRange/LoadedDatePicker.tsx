// rsuite's DatePicker with its date functions and its sheet (the calendar's rules): the module LazyDatePicker.tsx
// loads when its field is reached for.
import './rsuiteDateFns.ts';
import DatePicker from 'rsuite/DatePicker';
import 'rsuite/DatePicker/styles/index.css';

export { DatePicker };
