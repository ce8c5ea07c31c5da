//! Reading the cells of a lab-report row: numbers, result values with their flags, and
//! reference ranges in the forms labs print them. Pure functions, no I/O.

mod dates;
mod number;
mod patient;
mod range;
mod rows;
mod value;

pub use dates::{Collected, detect_collected};
pub(crate) use number::read_for_one;
pub use number::{mend_five_sign, mend_letter_o, mend_letter_one, mend_letter_s, parse_number};
pub use patient::{detect_age, detect_sex, labels_the_sex};
pub use range::{RefRange, Sex, is_comparison, parse_range, sex_ranges};
pub use rows::{LabRow, PageLines, page_text_by_lines, rows_from_page};
pub use value::{
    Flag, Qualifier, ResultValue, is_count_span, is_negative_result, is_positive_result, lone_one_misread, lost_point,
    parse_flag, parse_value, points_put_back, qualitative_word,
};
