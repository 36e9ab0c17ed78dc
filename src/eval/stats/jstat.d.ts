/** Minimal typings for the parts of jstat the estimators use (the package ships none). */
declare module 'jstat' {
  interface JStatNormal {
    cdf(x: number, mean: number, sd: number): number;
    inv(p: number, mean: number, sd: number): number;
  }
  interface JStatStudentT {
    cdf(x: number, dof: number): number;
    inv(p: number, dof: number): number;
  }
  const jStat: { normal: JStatNormal; studentt: JStatStudentT };
  export default jStat;
}
