/**
 * The state (or territory, or military post office) each 3-digit ZIP code
 * prefix belongs to, after USPS's list of 3-digit ZIP code prefixes and the
 * sectional center facilities serving them: Domestic Mail Manual, Labeling
 * List L002 ("3-Digit ZIP Code Prefix Matrix", the data of USPS Publication
 * 65's successor lists). A prefix missing here is unassigned in that list
 * (000–004, 213, 269, 343…). Kept in the repository as text, one range a
 * line, so a change to USPS's list is a change of one line here
 * (docs/addresses.md, "The ZIP code table").
 *
 * Two exceptions to "one prefix, one state": 969 serves Guam and the
 * Pacific freely associated states (GU, MP, PW, FM, MH), and ZIP 96799,
 * under Hawaii's 967, is American Samoa's.
 */
const L002 = `
005 NY
006-007 PR
008 VI
009 PR
010-027 MA
028-029 RI
030-038 NH
039-049 ME
050-054 VT
055 MA
056-059 VT
060-069 CT
070-089 NJ
090-098 AE
100-149 NY
150-196 PA
197-199 DE
200 DC
201 VA
202-205 DC
206-212 MD
214-219 MD
220-246 VA
247-268 WV
270-289 NC
290-299 SC
300-319 GA
320-339 FL
340 AA
341-342 FL
344 FL
346-347 FL
349 FL
350-352 AL
354-369 AL
370-385 TN
386-397 MS
398-399 GA
400-418 KY
420-427 KY
430-459 OH
460-479 IN
480-499 MI
500-516 IA
520-528 IA
530-532 WI
534-535 WI
537-549 WI
550-551 MN
553-567 MN
569 DC
570-577 SD
580-588 ND
590-599 MT
600-620 IL
622-629 IL
630-631 MO
633-641 MO
644-658 MO
660-662 KS
664-679 KS
680-681 NE
683-693 NE
700-701 LA
703-708 LA
710-714 LA
716-729 AR
730-731 OK
733 TX
734-741 OK
743-749 OK
750-770 TX
772-799 TX
800-816 CO
820-831 WY
832-838 ID
840-847 UT
850 AZ
852-853 AZ
855-857 AZ
859-860 AZ
863-865 AZ
870-875 NM
877-884 NM
885 TX
889-891 NV
893-895 NV
897-898 NV
900-908 CA
910-928 CA
930-961 CA
962-966 AP
967-968 HI
969 GU MP PW FM MH
970-979 OR
980-986 WA
988-994 WA
995-999 AK
`;

let byPrefix: ReadonlyMap<string, readonly string[]> | undefined;

const build = (): ReadonlyMap<string, readonly string[]> => {
  const table = new Map<string, readonly string[]>();
  for (const line of L002.trim().split('\n')) {
    const [range, ...states] = line.split(' ') as [string, ...string[]];
    const [from, to = from] = range.split('-').map(Number) as [number, number?];
    for (let prefix = from; prefix <= to; prefix++) table.set(String(prefix).padStart(3, '0'), states);
  }
  return table;
};

/** USPS's state codes a 5-digit ZIP code belongs to (one, but for 969); empty when its prefix is unassigned. */
export const statesOfZip = (zip5: string): readonly string[] => {
  if (zip5 === '96799') return ['AS'];
  return (byPrefix ??= build()).get(zip5.slice(0, 3)) ?? [];
};

/** Every code the table names: the states, DC, the territories and the military post offices (AA, AE, AP). */
export const zipTableStates = (): ReadonlySet<string> => new Set([...(byPrefix ??= build()).values()].flat().concat('AS'));
