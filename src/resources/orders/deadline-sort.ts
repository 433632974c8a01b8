/** The sorter field of the Deadline column (the data provider sends it as `sort=deadline`). */
export const DEADLINE_SORT = "deadline";
