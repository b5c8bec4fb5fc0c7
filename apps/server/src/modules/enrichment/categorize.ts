import { CUISINE_WORDS, LOCAL_GOVERNMENTS, MOBILE_NOT_TRADE, PAY_WORDS, withoutAccents } from "./text.ts";

/**
 * Step 4, categorise an unknown counterparty: keywords of the description and the amount's
 * direction, into Plaid's personal-finance detailed categories. Rules are tried in order; the
 * first whose words appear (and whose direction fits) wins.
 */
type Direction = "in" | "out" | "any";
type Rule = { words: RegExp; direction: Direction; category: string };

const rule = (words: RegExp, direction: Direction, category: string): Rule => ({
  words,
  direction,
  category,
});

/** A prize paid out: a lottery's, a contest's, a sportsbook's. */
export const PRIZE_WORDS = /\b(PRIZE|PRIZES|WINNINGS|JACKPOT)\b/;

export const KEYWORD_RULES: Rule[] = [
  rule(new RegExp(`\\b(${PAY_WORDS})\\b`), "in", "INCOME_WAGES"),
  rule(
    /\b(INTEREST PAID|INTEREST EARNED|INT PAID|INTEREST PAYMENT|INTEREST CREDIT)\b|^INTEREST\b/,
    "in",
    "INCOME_INTEREST_EARNED",
  ),
  rule(/\bDIVIDEND/, "in", "INCOME_DIVIDENDS"),
  // A country's VAT paid back to a visitor ("GLOBAL BLUE VAT REFUND") too.
  rule(/\b(TAX REF|TAXRFD|TAX REFUND|VAT REF\w*|TAX FREE REF\w*)\b/, "in", "INCOME_TAX_REFUND"),
  // A state's unemployment insurance, in its agencies' words ("ODJFS UC BENEFITS", "EDD UI PMT").
  rule(
    /\b(UNEMPLOYMENT|UI BENEFITS?|UC BENEFITS?|UI (PMT|PAYMENT|PYMT)|UC (PMT|PAYMENT|PYMT)|DES BENEFIT|REEMPLOYMENT)\b/,
    "in",
    "INCOME_UNEMPLOYMENT",
  ),
  rule(PRIZE_WORDS, "in", "INCOME_OTHER_INCOME"),
  // Public assistance and a juror's pay: income from the state, not a transfer.
  rule(
    /\b(TANF|TAFDC|EAEDC|SNAP|SSI|CASH ASSIST\w*|PUBLIC ASSIST\w*|TRANS(ITIONAL)? ASST|TEMP ASST|JUROR|JURY DUTY|JURY PAY)\b/,
    "in",
    "INCOME_OTHER_INCOME",
  ),
  rule(/\b(SOC SEC|SSA TREAS|XXSOC|PENSION|ANNUITY|RETIREMENT)\b/, "in", "INCOME_RETIREMENT_PENSION"),
  rule(/\b(OVERDRAFT|OD FEE|ODP FEE|COURTESY PAY)\b/, "out", "BANK_FEES_OVERDRAFT_FEES"),
  rule(/\b(NSF|INSUFFICIENT FUNDS|RETURNED ITEM)\b/, "out", "BANK_FEES_INSUFFICIENT_FUNDS"),
  rule(
    /\b(FOREIGN|INTERNATIONAL|INTL|CROSS[ -]?BORDER|CURRENCY CONVERSION|FOREIGN EXCHANGE|FX)( (PURCHASE|POS|CURRENCY|CONVERSION|EXCHANGE|EXCH|RATE|RT|ADJ|ADJUSTMENT|TRANSACTION|TRANS|TXN|SERVICE|ASSESSMENT))* FEES?\b/,
    "out",
    "BANK_FEES_FOREIGN_TRANSACTION_FEES",
  ),
  rule(/\bATM (FEE|SURCHARGE)|NON-?CHASE ATM FEE|ATM WITHDRAWAL FEE\b/, "out", "BANK_FEES_ATM_FEES"),
  rule(
    /\b(INTEREST CHARGE|PURCHASE INTEREST|FINANCE CHARGE|INTEREST CHARGED|DEFERRED INTEREST)\b/,
    "out",
    "BANK_FEES_INTEREST_CHARGE",
  ),
  rule(
    /\b(MAINTENANCE FEE|MAINTENANCE CHARGE|SERVICE FEE|SERVICE CHARGE|MONTHLY FEE|ANNUAL FEE|WIRE FEE|LATE FEE|FEE)\b/,
    "out",
    "BANK_FEES_OTHER_BANK_FEES",
  ),
  rule(/\b(ATM|CASH WITHDRAWAL|WITHDRWL|WITHDRAWAL)\b/, "out", "TRANSFER_OUT_WITHDRAWAL"),
  rule(/\b(ATM DEPOSIT|MOBILE DEPOSIT|REMOTE DEPOSIT|BRANCH DEPOSIT|DEPOSIT)\b/, "in", "TRANSFER_IN_DEPOSIT"),
  rule(/\b(TO|FROM) (SAV|SAVINGS)\b/, "out", "TRANSFER_OUT_SAVINGS"),
  rule(/\b(TO|FROM) (SAV|SAVINGS)\b/, "in", "TRANSFER_IN_SAVINGS"),
  rule(
    /\b(ONLINE TRANSFER|TRANSFER|XFER|TRNSFR|FUNDS TRANSFER|BOOK TRANSFER)\b/,
    "out",
    "TRANSFER_OUT_ACCOUNT_TRANSFER",
  ),
  rule(
    /\b(ONLINE TRANSFER|TRANSFER|XFER|TRNSFR|FUNDS TRANSFER|BOOK TRANSFER)\b/,
    "in",
    "TRANSFER_IN_ACCOUNT_TRANSFER",
  ),
  rule(
    /\b(PAYMENT THANK YOU|PAYMENT RECEIVED|THANK YOU FOR YOUR PAYMENT|AUTOPAY PAYMENT|ONLINE PAYMENT)\b/,
    "in",
    "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT",
  ),
  rule(
    /\b(CRD AUTOPAY|CREDIT CRD|PAYMENT TO CRD|CREDIT CARD|CARD PMT|CARD PAYMENT|CARDMEMBER|CRCARDPMT|EPAY|E-PAYMENT|CC (PAYMENT|PMT|PYMT))\b/,
    "out",
    "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT",
  ),
  rule(
    /\b(MORTGAGE|MTG|MORTG|HOME LOAN|HELOC|HOME EQUITY|HOME EQ)\b/,
    "out",
    "LOAN_PAYMENTS_MORTGAGE_PAYMENT",
  ),
  rule(
    /\b(STUDENT LN|STUDENT LOAN|STUDNT LOAN|DEPT EDUCATION|DEPT OF ED|STUDENTLOAN)\b/,
    "out",
    "LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT",
  ),
  rule(
    /\b(AUTO LOAN|AUTO PMT|CAR PMT|AUTO FINANCE|AUTO FIN|MOTOR CREDIT|AUTO PAYMENT)\b/,
    "out",
    "LOAN_PAYMENTS_CAR_PAYMENT",
  ),
  rule(/\b(LOAN PMT|LOAN PAYMENT|LOAN|LN PMT|LN PYMT|401K LN)\b/, "out", "LOAN_PAYMENTS_OTHER_PAYMENT"),
  rule(
    /\b(RENT|APARTMENTS?|APTS|PROPERTY MGMT|PROPERTY MANAGEMENT|PROPERTIES|LEASING|RESIDENTIAL|HOA|HOMEOWNERS ASS\w*|CONDO(MINIUM)? ASS\w*|(ASSN|ASSOC) DUES|INDEPENDENT LIV\w*|CO-?WORKING|OFFICE SPACE|EXECUTIVE SUITES)\b/,
    "out",
    "RENT_AND_UTILITIES_RENT",
  ),
  // Equipment and supplies for a trade, not the power company: "QUEEN CITY OUTDOOR POWER",
  // "CITY ELECTRIC SUPPLY".
  rule(
    /\b(OUTDOOR POWER|POWER EQUIPMENT|POWER TOOLS|ELECTRIC(AL)? SUPPL\w*)\b/,
    "out",
    "HOME_IMPROVEMENT_HARDWARE",
  ),
  // An electrician's business, not the electric company: "HARBOR ELECTRIC LLC", "ABC ELECTRICAL".
  rule(
    /\b(ELECTRICIANS?|ELECTRICAL(?! SUPPLY)|ELECTRIC (LLC|SERVICES?|CONTRACT\w*|REPAIRS?))\b/,
    "out",
    "HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE",
  ),
  rule(
    /\b(ELECTRIC|ELEC|POWER|ENERGY|EDISON|GAS ?(&|AND) ?EL\w*|NATURAL GAS|UTIL\w*|EMC|ELECTRIC MEMBERSHIP|PUD|PUBLIC (SERVICE|SVC) CO|PUB SVC|PROPANE|HEATING OIL|FUEL OIL|HOME HEATING|COMMUNITY SOLAR|SOLAR (LEASE|PPA|PMT|PAYMENT))\b/,
    "out",
    "RENT_AND_UTILITIES_GAS_AND_ELECTRICITY",
  ),
  rule(/\b(WATER|SEWER|H2O)\b/, "out", "RENT_AND_UTILITIES_WATER"),
  // A town's services billed together (water, sewer, trash): "CITY OF MILWAUKE MUNI SVCS".
  rule(/\b(MUNI|MUNICIPAL) (SVCS?|SERVICES?)\b/, "out", "RENT_AND_UTILITIES_OTHER_UTILITIES"),
  rule(
    /\b(WASTE|TRASH|SANITATION|RECYCLING|DISPOSAL|DUMPSTERS?|ROLL ?OFF|HAULING)\b/,
    "out",
    "RENT_AND_UTILITIES_SEWAGE_AND_WASTE_MANAGEMENT",
  ),
  rule(
    new RegExp(`\\b(WIRELESS|${MOBILE_NOT_TRADE}|CELLULAR|TELECOM|TELEPHONE|PHONE)\\b`),
    "out",
    "RENT_AND_UTILITIES_TELEPHONE",
  ),
  rule(/\b(INTERNET|CABLE|BROADBAND|FIBER|SATELLITE TV)\b/, "out", "RENT_AND_UTILITIES_INTERNET_AND_CABLE"),
  rule(
    /\b(INSURANCE|INS PREM\w*|INSUR|INS CO|ASSURANCE|MUTUAL INS|HOME WARR\w*|HOME SHIELD)\b/,
    "out",
    "GENERAL_SERVICES_INSURANCE",
  ),
  rule(
    /\b(IRS|US TREASURY|TAX PYMT|TAX PMT|TAX PAYMENT|TAX PAYMNT|TAXPAYMENT|USATAXPYMT|DEPT OF REVENUE|DEPT REVENUE|DEPT OF REV|DEPT REV|DEPT OF TAX\w*|DEPT TAX|TAXATION|COMPTROLLER|FRANCHISE TAX|SALES TAX|TAXES|PROP ?TAX|PROPERTY TAX|TAX COLLECTOR|TAX (OFFICE|ADMIN\w*|ASSESSOR\w*|COMMISSION\w*|ASSESSMENT)|(COUNTY|CNTY) TAX)\b/,
    "out",
    "GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT",
  ),
  // A city's meters and garages are parking, before "CITY OF" says government.
  rule(
    new RegExp(
      `\\b((PKG|PARKING) (METERS?|LOTS?|GARAGES?|STRUCTURES?|FEES?)|METER PARKING|(${LOCAL_GOVERNMENTS}) OF [A-Z]+( [A-Z]+)? (PARKING|PKG)\\b(?! (CITATI\\w*|TICKETS?|VIOLATIONS?|FINES?)\\b))`,
    ),
    "out",
    "TRANSPORTATION_PARKING",
  ),
  rule(
    /\b(DMV|BMV|GOV|HEALTH (DIST\w*|DEPT|DEPARTMENT)|(LICENSING|DENTAL|MEDICAL|NURSING|PHARMACY|CONTRACTORS?) BOARD|BOARD OF|SECRETARY OF STATE|SEC OF STATE|CITY OF|COUNTY OF|STATE OF|TOWN OF|VILLAGE OF|COURTS?|JUDICIAL|GOVT|GOVERNMENT|PASSPORT|STATE PARKS?|NATIONAL PARK SERVICE|(CO|COUNTY|CIRCUIT|DISTRICT) CLERK|CLERK OF (THE )?COURTS?|CONSULADO|CONSULATE|CONSULAT|EMBASSY|EMBAJADA|TREASURER|CO TREAS|PARKS (&|AND) WILDLIFE|WILDLIFE|GAME COMMISSION|FISH (&|AND) GAME|DNR|DEPT OF CONSERVATION|DEPARTMENT OF CONSERVATION|HUNTING LICENSE|FISHING LICENSE|LICENSE COMM\w*|TAG OFFICE)\b/,
    "out",
    "GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES",
  ),
  // A school's parents' association and its boosters raise money for it.
  rule(/\b(PTA|PTO|PTSA|BOOSTERS?|BOOSTER CLUB)\b/, "out", "GOVERNMENT_AND_NON_PROFIT_DONATIONS"),
  // Money saved for college in a state's 529 plan ("NY529 DIRECT PLAN", "MY529 DES:CONTRIB").
  rule(
    /\b(\w*529|COLLEGE SAVINGS|COLLEGEADVANTAGE|SCHOLARSHARE)\b/,
    "out",
    "TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS",
  ),
  // Tuition is a school's, whoever runs it ("CATHOLIC HIGH SC TUITION").
  rule(
    /\b(TUITION|(CATHOLIC|CHRISTIAN|BAPTIST|LUTHERAN|EPISCOPAL|JEWISH|PAROCHIAL) (HIGH |ELEMENTARY |MIDDLE |DAY )?SCHOOL)\b/,
    "out",
    "GENERAL_SERVICES_EDUCATION",
  ),
  rule(
    /\b(CHURCH|CATHOLIC|OFFERTORY|UMC|MINISTRIES|DONATION|FOUNDATION|CHARITY|CHARITABLE|TITHE|GIVING|ONLINE ?GIV\w*|OFFERING|FUNDRAISER|GOFUNDME|MASJID|MOSQUE|ISLAMIC CENTER|SYNAGOGUE|GURDWARA|MANDIR|HINDU TEMPLE|BUDDHIST TEMPLE|ZAKAT|SADAQA\w*|PARISH|CATHEDRAL|CONGREGATION|DIOCESE)\b/,
    "out",
    "GOVERNMENT_AND_NON_PROFIT_DONATIONS",
  ),
  // Spanish and French too (Puerto Rico's FARMACIA, Quebec's PHARMACIE).
  rule(
    /\b(PHARMACY|PHARM|RX|DRUG|DRUGS|APOTHECARY|FARMACIA|PHARMACIE)\b/,
    "out",
    "MEDICAL_PHARMACIES_AND_SUPPLEMENTS",
  ),
  rule(/\b(DENTAL|DENTIST|DDS|ORTHODONT)/, "out", "MEDICAL_DENTAL_CARE"),
  rule(
    /\b(HOME ?CARE|HOME HEALTH|HOME INSTEAD|ADULT DAY|SENIOR CARE|IN-?HOME CARE|CAREGIVERS?|HOSPICE|NURSING HOME|ASSISTED LIVING|MEMORY CARE|SKILLED NURSING)\b/,
    "out",
    "MEDICAL_NURSING_CARE",
  ),
  rule(/\b(HEARING|AUDIOLOGY)\b/, "out", "MEDICAL_OTHER_MEDICAL"),
  // Care that is no visit to a doctor's office: the mind's, a birth's, a scan, an operation's sleep.
  rule(
    /\b(PSYCHOLOGY|PSYCHOLOGIST|PSYCHIATR\w*|PSYCHOTHERAPY|COUNSELING|COUNSELLING|COUNSELOR|LCSW|LMFT|LPC|LMHC|PSYD|MENTAL HEALTH|BEHAVIORAL HEALTH|FERTILITY|IVF|MIDWIFE|MIDWIFERY|BIRTH CENTER|DOULA|ANESTHESIA|ANESTHESIOLOGY|IMAGING|MRI|ULTRASOUND|ORAL SURG\w*|SURGERY|SURGICAL|SURGEONS?|REHABIL\w*|BREAST ?PUMPS?|MEDICAL SUPPL\w*|DIALYSIS|AMBULANCE)\b/,
    "out",
    "MEDICAL_OTHER_MEDICAL",
  ),
  rule(
    /\b(OPTOMETR|VISION|EYE CARE|OPTICAL|EYECARE|EYE (CENTER|CLINIC|ASSOC\w*|CONSULT\w*|DOCTORS?|PHYSICIANS|INSTITUTE|SPECIALISTS|SURGEONS))/,
    "out",
    "MEDICAL_EYE_CARE",
  ),
  rule(/\b(VET|VETERINARY|ANIMAL HOSP|ANIMAL CLINIC|PET HOSP)/, "out", "MEDICAL_VETERINARY_SERVICES"),
  rule(
    /\b(MEDICAL|CLINIC|HOSPITALS?|\w*HEALTH|HEALTH ?CARE|DOCTORS?|HEALTH SYS\w*|PATIENT (PAYMENT|PMT|PYMT|PAY|ACCT|ACCOUNT|SERVICES?|SVCS?)|PHYSICIAN|PEDIATRIC\w*|FAMILY MEDICINE|FAMILY PRACTICE|URGENT CARE|LABCORP|QUEST DIAG|CHIROPRACT\w*|THERAPY|RADIOLOGY|PHYSICAL THERAPY|DERMATOLOGY|PODIATRY|ORTHOPEDIC\w*|CARDIOLOGY|OB ?GYN|(?<!(DRINK|COCKTAIL|BEER|BREW|FOOD|TACO|PIZZA|BURGER|COFFEE|DONUT|SUSHI) )LABS?)\b/,
    "out",
    "MEDICAL_PRIMARY_CARE",
  ),
  // A play café or an indoor playground sells play, before its café says coffee.
  rule(
    /\b(PLAY ?(CAFE|SPACE|PLACE|LAND|ZONE)|INDOOR PLAY\w*|PLAYGROUND)\b/,
    "out",
    "ENTERTAINMENT_OTHER_ENTERTAINMENT",
  ),
  rule(/\b(COFFEE|CAFE|ESPRESSO|ROASTERS|TEA HOUSE|BOBA)\b/, "out", "FOOD_AND_DRINK_COFFEE"),
  rule(
    /\b(LIQUOR|WINE|SPIRITS|BEER|BREWERY|BREWING|TAPROOM|WINERY|VINEYARDS?|CELLARS|BEVERAGES?)\b/,
    "out",
    "FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR",
  ),
  // Before groceries: a farmers' co-op's fuel ("FARMERS COOP ASSN FUEL") is fuel.
  rule(
    /\b(GAS|FUEL|PETRO|PETROLEUM|GASOLINE|TRAVEL CENTER|TRUCK STOP|TRAVEL PLAZA|TRAVEL STOP)\b/,
    "out",
    "TRANSPORTATION_GAS",
  ),
  rule(
    /\b(MARKET|GROCERY|GROCERIES|FOODS|SUPERMARKET|SUPERMKT|COMMISSARY|FARMERS|BUTCHER|PRODUCE|FARM STAN\w*|FARM ST|FARMSTAND|ORCHARD|ORCHARDS|CARNICERIA|MERCADO|BODEGA|MEATS|MEAT CO|FISH CO|FISHERIES|PROVISIONS|FARMS?(?! (SUPPLY|SUPPLIES|STORE|BUREAU|CREDIT|EQUIPMENT|INSURANCE)))\b/,
    "out",
    "FOOD_AND_DRINK_GROCERIES",
  ),
  // A bar that serves brows, lashes or blow-dries, before the bars that serve drinks.
  rule(
    /\b(BROW|BROWS|LASH|LASHES|NAIL|NAILS|BLOWOUT|BLOW ?DRY|WAX|WAXING|BEAUTY|GLAM|BRAID|BRAIDING) BAR\b/,
    "out",
    "PERSONAL_CARE_HAIR_AND_BEAUTY",
  ),
  rule(
    new RegExp(
      `\\b(${CUISINE_WORDS}|RESTAURANT|DINING|GRILLE?|KITCHEN|KITCH|PIZZA|PIZZERIA|TACOS?|TAQUERIA|SUSHI|BURGERS?|DINER|BAKERY|BBQ|BISTRO|TAVERN|PUB|BAR|DELI|NOODLES?|RAMEN|DUMPLINGS?|CANTINA|TRATTORIA|STEAKHOUSE|SEAFOOD|EATERY|WINGS|CHICKEN|PHO|RESTAURAN|CUISINE|SMOKEHOUSE|CREAMERY|DONUTS?|DOUGHNUTS?|BAGELS?|CUPCAKES?|BAKEHOUSE|BAKESHOP|BAKE SHOPP?E?|ICE CREAM|SHACK|TAMALES|TAMALE|CREPES?|CREPERIE|GELATO|FROYO|YOGURT|JUICE|SMOOTHIES?|BURRITOS?|EMPANADAS?|HALAL|KABOBS?|KEBABS?|GYROS?|FALAFEL|TAPAS|DIM SUM|HOT POT|CATERING|FOOD TRUCK|SANDWICH|SANDWICHES|SUB SHOP|POKE|BRUNCH|PANADERIA|TORTILLERIA|PUPUSERIA|PATISSERIE|BOULANGERIE|BACKEREI|BAECKEREI|KONDITOREI|RISTORANTE|OSTERIA|BRASSERIE|TAVERNA|TAPHOUSE|TAP HOUSE|ALEHOUSE|BEER GARDEN|BIERGARTEN|SALOON|COCKTAILS?|SPEAKEASY|CHILI|WAFFLES?|PANCAKES?|HOT DOGS?|CHEESESTEAKS?|BUFFET|CARNE ASADA|DOUGHBOYS?|BREAD(?! FINANCIAL)|DRIVE[- ]?IN(?! (THEAT\\w*|CINEMA|MOVIES?))|BURGER BAR|HAMBURGERS?|BARBE[CQ]UE|BAR-?B-?Q(UE)?)\\b`,
    ),
    "out",
    "FOOD_AND_DRINK_RESTAURANT",
  ),
  // A fine, before what it was for ("CHI DEPT FINANCE CITATION", "PARKING TICKET"): the government's.
  rule(
    /\b(CITATI\w*|PARKING TICKETS?|TRAFFIC TICKETS?|TRAFFIC FINES?|COURT FINES?|TOLL VIOLATIONS?)\b/,
    "out",
    "GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES",
  ),
  rule(/\b(PARKING|PARKWHIZ|GARAGE|METER|STATIONNEMENT|ESTACIONAMIENTO)\b/, "out", "TRANSPORTATION_PARKING"),
  rule(
    /\b(TOLLS?|TOLLWAY|TURNPIKE|EXPRESSWAY|E-?Z ?PASS\w*|SUNPASS|PEACH PASS|QUICK PASS|FASTRAK|TXTAG|I-PASS)\b/,
    "out",
    "TRANSPORTATION_TOLLS",
  ),
  rule(/\b(TRANSIT|METRO|MTA|BART|SUBWAY FARE|RAILWAY|COMMUTER)\b/, "out", "TRANSPORTATION_PUBLIC_TRANSIT"),
  rule(/\b(TAXI|CAB|LIMO|RIDESHARE)\b/, "out", "TRANSPORTATION_TAXIS_AND_RIDE_SHARES"),
  rule(
    /\b(AUTO REPAIR|AUTOMOTIVE|TIRE|TIRES|CAR WASH|CARWASH|LUBE|OIL CHANGE|COLLISION|BODY SHOP|MUFFLER|TOWING|TOW|MECHANIC|TRANSMISSION|SMOG|SMOG CHECK|EMISSIONS TEST\w*|AUTO DETAIL\w*|(MOBILE |CAR |AUTO )?DETAILING|AUTO SPA|CAR SPA|SVC DEPT|SERVICE DEPT)\b/,
    "out",
    "GENERAL_SERVICES_AUTOMOTIVE",
  ),
  rule(/\b(AIRLINES?|AIRWAYS|AIR LINES)\b/, "out", "TRAVEL_FLIGHTS"),
  rule(
    /\b(HOTEL|INN|MOTEL|RESORT|SUITES|LODGE|HOSTEL|BED (&|AND) BREAKFAST|RV PARK|RV RESORT|CAMPGROUNDS?|CAMPGROUN|KOA|CABINS|COTTAGES|CHALETS?)\b/,
    "out",
    "TRAVEL_LODGING",
  ),
  rule(/\b(TRAVEL|TOURS|CRUISES?|CRUISE LINES?)\b/, "out", "TRAVEL_OTHER_TRAVEL"),
  rule(/\b(CAR RENTAL|RENT A CAR|RENTACAR)\b/, "out", "TRAVEL_RENTAL_CARS"),
  rule(
    /\b(GYM|FITNESS|YOGA|PILATES|CROSSFIT|ATHLETIC CLUB|CLIMBING|BOULDERING|BOXING|KICKBOXING|MARTIAL ARTS|KARATE|TAEKWONDO|JIU[ -]?JITSU|DOJO)\b/,
    "out",
    "PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS",
  ),
  // A pet's groomer, before the salons: "WAGS N WHISKERS GROOMING" is no hair salon.
  rule(/\b(GROOMING|GROOMERS?|PET SPA|DOG SPA)\b/, "out", "GENERAL_SERVICES_OTHER_GENERAL_SERVICES"),
  rule(
    /\b(SALON|SPA|BARBER|BARBERSHOP|NAILS|NAIL|BEAUTY|LASH|BROW|WAXING|HAIR|MASSAGE|ESTHETICS|COSMETICS|SKINCARE|SKIN CARE)\b/,
    "out",
    "PERSONAL_CARE_HAIR_AND_BEAUTY",
  ),
  rule(/\b(LAUNDRY|LAUNDROMAT|DRY CLEAN|CLEANERS)\b/, "out", "PERSONAL_CARE_LAUNDRY_AND_DRY_CLEANING"),
  rule(
    /\b(TUITION|UNIVERSITY|COLLEGE|SCHOOLS?|ACADEMY|EDUCATION|LEARNING|LESSONS|(SUMMER|DAY|SPORTS|KIDS|YOUTH|SCIENCE|CODING) CAMPS?|TUTOR\w*|PIANO|MUSIC STUDIO|DANCE STUDIO|GYMNASTICS)\b/,
    "out",
    "GENERAL_SERVICES_EDUCATION",
  ),
  rule(/\b(DAYCARE|CHILDCARE|CHILD CARE|PRESCHOOL|MONTESSORI|NANNY)\b/, "out", "GENERAL_SERVICES_CHILDCARE"),
  rule(
    /\b(CPAS?|ACCOUNTING|TAX PREP\w*|TAX SERVICES?|TAX & NOTARY|NOTARY|NOTARIA|NOTARIO|BOOKKEEPING)\b/,
    "out",
    "GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING",
  ),
  rule(
    /\b(LAW|LAW OFFICES?|ATTORNEYS?|LEGAL|LAW FIRM|LAW GROUP|LAWYERS?|ESQ|REGISTERED AGENTS?)\b/,
    "out",
    "GENERAL_SERVICES_CONSULTING_AND_LEGAL",
  ),
  rule(/\b(STORAGE)\b/, "out", "GENERAL_SERVICES_STORAGE"),
  rule(
    /\b(DOG WALK\w*|ALTERATIONS?|TAILORS?|TAILORING|SEAMSTRESS|SHOE REPAIR|FUNERAL|CEMETERY|CREMATION|MORTUARY|MEMORIAL PARK|PET SITTING|PET SITTER|CLEAN|CLEANING|JANITORIAL|MAID|MOVERS|MOVING|LINENS?|UNIFORMS?|SIGNS|PRINTING|PRINT SHOP|PRINT LAB)\b/,
    "out",
    "GENERAL_SERVICES_OTHER_GENERAL_SERVICES",
  ),
  rule(
    /\b(POSTAL|SHIPPING|POST OFFICE|FULFILLMENT|LOGISTICS|FREIGHT)\b/,
    "out",
    "GENERAL_SERVICES_POSTAGE_AND_SHIPPING",
  ),
  rule(
    /\b(HARDWARE|LUMBER|PLUMBING|ELECTRICAL SUPPLY|PAINT|BUILDING SUPPL\w*|BUILDING MATERIALS|LANDSCAPE SUPPL\w*|MULCH|NURSERY|NURSERIES|GARDEN CENTER)\b/,
    "out",
    "HOME_IMPROVEMENT_HARDWARE",
  ),
  rule(/\b(FURNITURE|MATTRESS|HOME DECOR)\b/, "out", "HOME_IMPROVEMENT_FURNITURE"),
  rule(
    /\b(PLUMBER|HVAC|HEATING|COOLING|AIR CONDITIONING|REFRIGERATION|ROOFING|EXTERIORS|CHIMNEY|MASONRY|CONCRETE|PAVING|FENCING|SIDING|DRYWALL|REMODEL\w*|GARAGE DOORS?|PRESSURE WASH\w*|POWER WASH\w*|WINDOW CLEANING|TREE (SERVICES?|CARE|EXPERTS|TRIMMING|REMOVAL)|APPLIANCE REPA\w*|APPLIANCE SERVICE|LANDSCAPING|LAWN|PEST CONTROL|HANDYMAN|CONTRACTING|CONSTRUCTION|POOL (SERVICES?|CARE|CLEANING|REPAIR)|POOLS? & SPAS?|EXTERMINATING|GUTTERS?|IRRIGATION|SPRINKLERS?)\b/,
    "out",
    "HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE",
  ),
  // A repair shop of no trade above ("ROSE CITY CAMERA REPAIR", "MIKES SMALL ENGINE REPAIR").
  rule(/\b(REPAIRS?|SMALL ENGINE)\b/, "out", "GENERAL_SERVICES_OTHER_GENERAL_SERVICES"),
  rule(/\b(CINEMAS?|THEATERS?|THEATRES?|MOVIES)\b/, "out", "ENTERTAINMENT_TV_AND_MOVIES"),
  rule(
    /\b(COMEDY|IMPROV|CONCERT|CONCERTS|FESTIVAL|ARCADE|ESCAPE ROOM|KARAOKE|TRAMPOLINE|LASER TAG|MINI GOLF|SKI (AREA|RESORT|HILL|LIFTS?|& SNOWBOARD|AND SNOWBOARD)|SNOWBOARD PARK)\b/,
    "out",
    "ENTERTAINMENT_OTHER_ENTERTAINMENT",
  ),
  rule(
    /\b(MUSEUM|ZOO|AQUARIUM|STADIUM|TICKETS|AMUSEMENT|BOWLING|LANES|GOLF)\b/,
    "out",
    "ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS",
  ),
  rule(
    /\b(CASINO|LOTTERY|ILOTTERY|SPORTSBOOK|BETTING|BINGO|RACINO|RACETRACK|RACE TRACK|RACE COURSE|OTB|OFF TRACK BETTING|SWEEPSTAKES)\b/,
    "out",
    "ENTERTAINMENT_CASINOS_AND_GAMBLING",
  ),
  rule(/\b(BOOKS|BOOKSTORE|NEWSSTAND)\b/, "out", "GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS"),
  rule(
    /\b(CLOTHING|APPAREL|BOUTIQUE|SHOES|FASHION|OUTFITTERS)\b/,
    "out",
    "GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES",
  ),
  rule(/\b(PET|PETS)\b/, "out", "GENERAL_MERCHANDISE_PET_SUPPLIES"),
  rule(/\b(SMOKE|VAPE|TOBACCO|CIGAR)\b/, "out", "GENERAL_MERCHANDISE_TOBACCO_AND_VAPE"),
  rule(/\b(FLORIST|FLOWERS|GIFT|GIFTS)\b/, "out", "GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES"),
  rule(/\b(ELECTRONICS|COMPUTER|WIRELESS STORE)\b/, "out", "GENERAL_MERCHANDISE_ELECTRONICS"),
  rule(/\b(SPORTING|SPORTS|OUTDOOR|BIKE|BICYCLE)\b/, "out", "GENERAL_MERCHANDISE_SPORTING_GOODS"),
  // Advertising bought ("TWITTER ONLINE ADS", "TIKTOK ADS"): a service, after every trade's own words.
  rule(/\b(ONLINE ADS|ADS|ADVERTISING|ADVERTISEMENT)\b/, "out", "GENERAL_SERVICES_OTHER_GENERAL_SERVICES"),
  rule(
    /\b(REFUND|RETURN|REVERSAL|CREDIT ADJUSTMENT|CASHBACK|CASH BACK|REWARD)\b/,
    "in",
    "TRANSFER_IN_OTHER_TRANSFER_IN",
  ),
];

/**
 * The category of a description no merchant matched, or null when nothing says; without the
 * bank's fees when the words are a company's, not the bank's.
 */
export function categoryByKeywords(upperText: string, isCredit: boolean, withBankFees = true): string | null {
  // Accents folded: "CAFÉ" and "PÂTISSERIE" are the words the rules know.
  upperText = withoutAccents(upperText);
  for (const r of KEYWORD_RULES) {
    if (r.direction === "in" && !isCredit) continue;
    if (r.direction === "out" && isCredit) continue;
    if (!withBankFees && r.category.startsWith("BANK_FEES_")) continue;
    if (r.words.test(upperText)) return r.category;
  }
  return null;
}

/** Pay as ACH entry fields abbreviate it, besides the words written out. */
const ACH_PAY = new RegExp(`\\b(${PAY_WORDS}|SAL|REG\\.? ?SAL\\w*|NET ?PAY)\\b`);

/**
 * Money an organisation sends by ACH is pay, a refund of tax, or other income unless it says it
 * is a refund: "TARGET CORP DES:PAYROLL" is wages, not shopping at Target.
 */
export function achCreditCategory(entry: string, isFromSeller: boolean): string | null {
  // A pension fund's or an insurer's payment of a pension or an annuity ("DES:RET PYMT",
  // "DES:ANNUITY"), and retired pay ("DFAS-CLEVELAND DES:RET NET PAY"), before pay's own words.
  if (/\b(ANNUIT\w*|PENSION|RET PYMT|RET PMT|RET (NET )?PAY|RETIRED PAY|RETIREMENT|RETIREE)\b/.test(entry))
    return "INCOME_RETIREMENT_PENSION";
  if (ACH_PAY.test(entry)) return "INCOME_WAGES";
  if (/\b(TAX ?REF\w*|TAX ?RFD|TAXRFD|\w*TAXRFD|TAX REFUND)\b/.test(entry)) return "INCOME_TAX_REFUND";
  // A card's cash back paid into the account ("RAMP DES:CASHBACK"), as the card's own entry says it.
  if (/\b(CASH ?BACK|REWARDS? (REDEMPTION|CREDIT))\b/.test(entry)) return "INCOME_OTHER_INCOME";
  // A property manager's payment of the rent it collected ("DES:OWNER DIST"), an employer's or an
  // expense platform's reimbursement ("DES:EXP REIMB"), a platform's payout to its worker or seller.
  if (/\b(OWNER ?(DIST\w*|DRAW|DISB\w*|PMT|PAYMENT|PROCEEDS)|EXP(ENSE)? REIMB\w*|PAYOUTS?)\b/.test(entry))
    return "INCOME_OTHER_INCOME";
  if (/\b(REFUND|RETURN|REBATE|REVERSAL|ADJ\w*|CREDIT|REWARD\w*|CHARGEBACK)\b/.test(entry)) return null;
  // A business paying what it owes the account holder: an invoice, a vendor's bill, a grain
  // settlement ("ARCHER DANIELS MID DES:PAYABLES", "CHS INC DES:GRAIN SETL", "CO ENTRY DESCR:AP PAYMENT"),
  // an insurer's claim ("DES:HCCLAIMPMT", healthcare's entry), a broker's load or a factor's advance
  // ("DES:CARRIERPAY", "DES:FACTORING").
  if (
    /\b(AP PAYMENT|AP PMT|A\/P|ACCTS? PAY\w*|PAYABLES?|VENDOR PA\w*|VENDOR PMT|INVOICE\w*|GRAIN|SETL|SETTLEMENT|SETTLEMNT|SETTLMT|HCCLAIMPMT|CLMPMT|CLM PMT|CLAIMS?|CLAIMS? ?(PAYMENT|PMT|PYMT)|CARRIER ?PA\w*|FACTORING)\b/.test(
      entry,
    )
  )
    return "INCOME_OTHER_INCOME";
  return isFromSeller ? "INCOME_OTHER_INCOME" : null;
}

/** Spec 9's accounting categories. */
export const ACCOUNTING_CATEGORIES = [
  "operational expenses",
  "cost of goods sold",
  "revenue",
  "financing",
  "taxes",
  "not enough information",
] as const;
export type AccountingCategory = (typeof ACCOUNTING_CATEGORIES)[number];

/** The accounting category, from the personal-finance category and the direction. */
export function accountingCategoryOf(
  detailed: string | null,
  primary: string | null,
  mcc: number | null,
  isCredit: boolean,
): AccountingCategory {
  if (!primary || !detailed) return "not enough information";
  if (detailed === "GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT" || detailed === "INCOME_TAX_REFUND")
    return "taxes";
  if (primary === "INCOME") return "revenue";
  if (primary === "LOAN_PAYMENTS" || primary === "TRANSFER_IN" || primary === "TRANSFER_OUT")
    return "financing";
  if (mcc !== null && mcc >= 5000 && mcc <= 5199 && !isCredit) return "cost of goods sold";
  return "operational expenses";
}

/**
 * Entries the bank makes itself — its fees and interest, ATM cash, deposits, moves between the
 * owner's accounts, a card's payment — have no counterparty: whatever else their text names (the
 * ATM's shop, the payment an overdraft fee was for) is not who the money went to.
 */
const FEE_WORDS =
  "COURTESY|PAY|ANALYSIS|POS|ONLINE|MONTHLY|SERVICE|MAINTENANCE|OVERDRAFT|OD|ODP|ITEM|NSF|OUT|OF|NETWORK|SURCHARGE|INSUFFICIENT|FUNDS|RETURNED|FOREIGN|INTERNATIONAL|INTL|TRANSACTION|TRANS|LATE|ANNUAL|MEMBERSHIP|CASH|ADVANCE|WIRE|TRANSFER|INCOMING|OUTGOING|DOMESTIC|ATM|STOP|PAYMENT|PAPER|STATEMENT|EXCESS|EXCESSIVE|WITHDRAWAL|ACCOUNT|ACCT|CHECK|ORDER|DEPOSITED|BALANCE|MINIMUM|EXTENDED|CONTINUOUS|OVERDRAWN|PURCHASE|CURRENCY|CONVERSION|EXCHANGE|EXCH|RATE|RT|ADJ|ADJUSTMENT|CROSS|BORDER|FX|PROTECTION|OFFICIAL|CASHIERS?|SAVINGS|LIMIT|RTP|INSTANT|DORMANT|INACTIVE|INACTIVITY|RESEARCH|LEVY|GARNISHMENT";

const BANK_EVENTS: { words: RegExp; category: (isCredit: boolean) => string | null }[] = [
  {
    // The bank's safe deposit box, rented: a fee of its own.
    words: /^SAFE ?(DEPOSIT|DEP) BOX\b/,
    category: (isCredit) => (isCredit ? null : "BANK_FEES_OTHER_BANK_FEES"),
  },
  {
    // A credit union's own loan paid from the member's share, its kind and the union named after
    // ("Withdrawal Transfer To Loan 0007 MORTGAGE NAVY FEDERAL CREDIT UNION").
    words: /^(WITHDRAWAL |LOAN (PMT|PAYMENT|PYMT) )?TRANSFER TO (LOAN|LN)\b( (L)?\d+)?( [A-Z ]+)?$/,
    category: (isCredit) => (isCredit ? null : "LOAN_PAYMENTS"),
  },
  {
    // A credit union moving money between the member's own shares and loans ("Withdrawal Transfer
    // To Loan 140", "Deposit Transfer From Share 01"): a loan's payment, or an own transfer.
    words:
      /^((WITHDRAWAL|DEPOSIT) )?TRANSFER (TO|FROM) (LOAN|SHARE|SAVINGS|CHECKING|CERTIFICATE|CERT|IRA|CLUB)\b( (S|L)?\d+)?$/,
    category: (isCredit) => (isCredit ? "TRANSFER_IN_ACCOUNT_TRANSFER" : "TRANSFER_OUT_ACCOUNT_TRANSFER"),
  },
  {
    words:
      /^(NON-?[A-Z]+( [A-Z]+){0,2}? )?ATM (CASH |CHECK |CHK )?(WITHDRAWAL|WITHDRAW|WDL|WD|W\/D|DEPOSIT|DEP)\b|^(CASH WITHDRAWAL|WITHDRAWAL AT ATM)\b/,
    category: (isCredit) => (isCredit ? "TRANSFER_IN_DEPOSIT" : "TRANSFER_OUT_WITHDRAWAL"),
  },
  {
    // A fee named in the description's first words: "LATE FEE", "OVERDRAFT ITEM FEE FOR ...".
    words: new RegExp(
      `^((NON-?[A-Z]+( [A-Z]+){0,2}|${FEE_WORDS})[ -]){0,5}(FEE|FEES)\\b|^(INTEREST CHARGED?|FINANCE CHARGE|PURCHASE INTEREST|DEFERRED INTEREST)\\b|\\bINTEREST CHARGE[DS]?$`,
    ),
    category: (isCredit) => (isCredit ? null : "BANK_FEES"),
  },
  {
    // A card's pay-over-time plan and its fee: the issuer's ("MY CHASE PLAN FEE", "PLAN FEE - PLAN IT 1 OF 12").
    words: /^(MY CHASE PLAN|PLAN IT|(CITI )?FLEX ?PAY|PAY OVER TIME|PLAN)( PLAN)? FEE\b|^PLAN FEE\b/,
    category: (isCredit) => (isCredit ? null : "BANK_FEES_OTHER_BANK_FEES"),
  },
  {
    // A card's payment that the bank it came from refused, taken back ("INTERNET PAYMENT RETURNED"),
    // and a balance moved onto a card: the card's own payments.
    words:
      /^((INTERNET|ONLINE|ELECTRONIC|AUTOPAY|MOBILE|ACH) )?(PAYMENT|PMT|PYMT) (RETURNED|REVERSED|REVERSAL)\b|^BALANCE TRANSFER\b/,
    category: () => "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT",
  },
  {
    // A card's statement credit for travel spent on it ("PLATINUM AIRLINE FEE CREDIT", "Travel Credit $300/Year").
    words: /\b(TRAVEL|AIRLINE( FEE| INCIDENTAL)?|HOTEL|GLOBAL ENTRY|TSA ?PRE ?CHECK|CLEAR) CREDIT\b/,
    category: (isCredit) => (isCredit ? "TRAVEL_OTHER_TRAVEL" : null),
  },
  {
    // Money moved to a credit card ("ONLINE TRANSFER TO CREDIT CARD XXXXXX7720", "… TO WELLS FARGO
    // ACTIVE CASH CARD XXXXXXXXXXXX4417"): its payment. A debit card's is an instant transfer.
    words: /\b(TRANSFER|XFER)\b.*\bTO\b(?!.*\bDEBIT\b).*\b(CREDIT CARD|CARD (X{2,}|\*{2,})\d{4})\b/,
    category: (isCredit) => (isCredit ? null : "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT"),
  },
  {
    // A business account's wire fee, in its wire's own format ("WIRE TYPE:INTL OUT FEE").
    words: /^WIRE TYPE:\S+ (OUT|IN) FEE\b/,
    category: (isCredit) => (isCredit ? null : "BANK_FEES_OTHER_BANK_FEES"),
  },
  {
    // "WIRE TRANS SVC CHARGE", "SERVICE CHARGE", "MONTHLY MAINTENANCE CHARGE": a charge the bank
    // names in its first words.
    words: new RegExp(
      `^((${FEE_WORDS}|TRANS|SVC|SERVICE)[ -]){0,4}(SVC|SERVICE|MAINTENANCE) (CHARGE|CHG)\\b`,
    ),
    category: (isCredit) => (isCredit ? null : "BANK_FEES_OTHER_BANK_FEES"),
  },
  {
    words: /^((DEPOSIT|CREDIT) )?(DIVIDEND|DIV)( (EARNED|PAID|CREDIT|DEPOSIT|PAYMENT))?\b/,
    category: (isCredit) => (isCredit ? "INCOME_DIVIDENDS" : null),
  },
  {
    // A fee given back: the bank's fee of its kind, the other way ("MONTHLY MAINTENANCE FEE
    // REVERSAL", "REVERSAL: NSF FEE").
    words:
      /\b(FEES?|SURCHARGES?) (REVERSAL|REVERSED|REFUND|REFUNDED|REBATE|RFND|REIMB\w*)\b|^(REVERSAL|REVERSED|REFUND|RFND)\b\W*(OF )?.*\bFEES?\b/,
    category: (isCredit) => (isCredit ? "BANK_FEES" : null),
  },
  {
    // A card's rewards paid out: "CASHBACK BONUS REDEMPTION", "REWARDS REDEMPTION CREDIT",
    // Capital One's "CREDIT-CASH BACK REWARD".
    // Cash and points redeemed as a statement credit ("CASH REWARDS STATEMENT CREDIT", "POINTS REDEMPTION").
    words:
      /^(CREDIT[- ])?(CASH ?BACK|CASH REWARDS?|REWARDS?|POINTS?|MILES)( BONUS)? (REDEMPTION|REDEEMED|STATEMENT CREDIT|CREDIT|REWARDS?)\b/,
    category: (isCredit) => (isCredit ? "INCOME_OTHER_INCOME" : null),
  },
  {
    // A paper check paid, known only by its number ("CHECK 1042", a credit union's "SHARE DRAFT 000318").
    words: /^(CHECK|CHK|SHARE DRAFT|DRAFT)\s*(#|NO\.?)?\s*\d+$/,
    category: (isCredit) => (isCredit ? null : "TRANSFER_OUT_OTHER_TRANSFER_OUT"),
  },
  {
    // A neobank's round-up, from the checking account to savings; Bank of America's is "KEEP THE
    // CHANGE TRANSFER TO ACCT 4417".
    // Current's "Round-Ups to Savings Pod" leads with the bank's name.
    words: /^(CURRENT |CHIME |VARO |ACORNS )?(ROUND[ -]?UPS?|KEEP THE CHANGE)( TRANSFER| SAVINGS)?\b/,
    category: (isCredit) => (isCredit ? "TRANSFER_IN_SAVINGS" : "TRANSFER_OUT_SAVINGS"),
  },
  {
    words:
      /^((MONTHLY|QUARTERLY) )?(INTEREST|INT|INTRST)( (PAYMENT|PYMNT|PYMT|PMT|EARNED|PAID|CREDIT|DEPOSIT))?\b(?! CHARGE)/,
    category: (isCredit) => (isCredit ? "INCOME_INTEREST_EARNED" : null),
  },
  {
    words:
      /^(ACH )?((WITHDRAWAL|DEPOSIT) |[A-Z0-9/&]{2,6} (?=ONLINE |MOBILE |INTERNET ))?((ONLINE|MOBILE|INTERNET|INSTANT) (BANKING )?)?(TRANSFER|XFER) (FROM|TO) ([A-Z0-9]+ ){0,4}(CHK|CHECKING|CK\b|SAV|SV\b|SAVINGS|SHARE|MONEY MARKET|MMA|ACCOUNT|ACCT|XX|\.\.\.|\*|(DEBIT )?CARD ENDING)/,
    category: (isCredit) => (isCredit ? "TRANSFER_IN_ACCOUNT_TRANSFER" : "TRANSFER_OUT_ACCOUNT_TRANSFER"),
  },
  {
    // A card's cash advance into checking, moved by the holder ("Online Banking advance from CRD 2231").
    words: /^((ONLINE|MOBILE) (BANKING )?)?(CASH )?ADVANCE FROM (CRD|CARD|CREDIT CARD)\b/,
    category: (isCredit) => (isCredit ? "TRANSFER_IN_ACCOUNT_TRANSFER" : "TRANSFER_OUT_ACCOUNT_TRANSFER"),
  },
  {
    // A deposited check that bounced, taken back ("DEPOSITED ITEM RETURNED CK# 1043 NSF"); its fee is a fee.
    words:
      /^((DEPOSITED|DEPOSIT) ITEM RETURNED|RETURNED DEPOSIT(ED)? ITEM|DEPOSIT RETURN(ED)?)\b(?!.*\bFEES?\b)/,
    category: (isCredit) => (isCredit ? null : "TRANSFER_OUT_OTHER_TRANSFER_OUT"),
  },
  {
    // The bank's own transfer between the holder's accounts, no party named ("USAA FUNDS TRANSFER CR").
    words: /^([A-Z0-9/&]+ )?FUNDS TRANSFER( (CR|DR|DB|CREDIT|DEBIT))?$/,
    category: (isCredit) => (isCredit ? "TRANSFER_IN_ACCOUNT_TRANSFER" : "TRANSFER_OUT_ACCOUNT_TRANSFER"),
  },
  {
    // The holder's own money moved between accounts, in the bank's words, no party named:
    // "INTERNAL TRANSFER FROM SAVINGS XXX3312", "OVERDRAFT PROTECTION TRANSFER FROM SAVINGS …", "CD
    // MATURITY TRANSFER FROM …", "SAVE AS YOU GO TRANSFER DEBIT TO …", "BOOK TRANSFER DEBIT A/C: …",
    // Capital One 360's "Withdrawal to 360 Performance Savings XXXX". Not when a party is named
    // after B/O: or BNF: (a book transfer from another customer is theirs).
    words:
      /^(INTERNAL|OVERDRAFT PROTECTION|CD MATURITY|SAVE AS YOU GO|BOOK|AUTOMATIC|SCHEDULED|RECURRING) (TRANSFER|XFER)\b(?!.*\b(B\/O|BNF|BEN|ORIG):)|^(WITHDRAWAL|DEPOSIT) (TO|FROM) (\d+ )?[A-Z ]*\b(SAVINGS|CHECKING|MONEY MARKET)\b/,
    category: (isCredit) => (isCredit ? "TRANSFER_IN_ACCOUNT_TRANSFER" : "TRANSFER_OUT_ACCOUNT_TRANSFER"),
  },
  {
    // A check or a money order the bank sold the holder: the holder's money, paid on.
    words:
      /^(OFFICIAL|CASHIERS?|CASHIER'S|TELLER'?S?) CHECK( PURCHASE)?\b(?!.*\bFEE)|^MONEY ORDER( PURCHASE)?\b(?!.*\bFEE)/,
    category: (isCredit) => (isCredit ? null : "TRANSFER_OUT_OTHER_TRANSFER_OUT"),
  },
  {
    // A certificate's penalty for taking money out early: the bank's fee.
    words: /\bEARLY WITHDRAWAL PENALTY\b/,
    category: (isCredit) => (isCredit ? null : "BANK_FEES_OTHER_BANK_FEES"),
  },
  {
    words:
      /^((ONLINE|MOBILE|AUTOPAY|AUTOMATIC|INTERNET|ELECTRONIC) )?(PAYMENT|PYMT|PMT)( RECEIVED)?\W*(- )?THANK( ?YOU)?\b|^(AUTOPAY|AUTOMATIC) PAYMENT( RECEIVED)?\W*(- )?THANK( ?YOU)?\b|^PAYMENT RECEIVED\b/,
    // Received on the card; a card's payment on both sides (Plaid's sandbox has "AUTOMATIC
    // PAYMENT - THANK" going out of checking).
    category: () => "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT",
  },
  {
    // A card paid with no issuer named ("CREDIT CARD 3333 PAYMENT"): the owner's own bill.
    words: /^(CREDIT )?CARD( \d+)? (PAYMENT|PYMT|PMT)[\W]*$/,
    category: () => "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT",
  },
  {
    // Bank of America's mobile deposit ("BKOFAMERICA MOBILE 03/11 XXXXX12345 DEPOSIT *MOBILE"): a
    // check deposited, not money from the bank (its ATM's deposit names the bank whose ATM it was).
    words: /^BKOFAMERICA MOBILE \d{2}\/\d{2} \S+ DEPOSIT\b/,
    category: (isCredit) => (isCredit ? "TRANSFER_IN_DEPOSIT" : null),
  },
  {
    // Money put into a certificate of deposit (Plaid's sandbox: "CD DEPOSIT .INITIAL."): saved.
    words: /^CD DEPOSIT\b/,
    category: (isCredit) => (isCredit ? "TRANSFER_IN_DEPOSIT" : "TRANSFER_OUT_SAVINGS"),
  },
  {
    // Not "Deposit ACH STATE OF OHIO …", "Deposit - ACH Paid From …" or "Deposit from SSA TREAS 310
    // …": a credit with its payer named.
    words:
      // (Not a payer's deposit: "DEPOSIT - ASURION LLC PAYROLL".)
      /^((REMOTE )?(ONLINE|MOBILE|BRANCH|COUNTER|ATM CASH|CD) )?((CHECK|CHK) )?DEPOSIT\b(?! (- )?ACH\b| FROM\b| - (?!(MOBILE|BRANCH|ATM|ONLINE|REMOTE|CHECK|CASH|COUNTER)\b)[A-Z]| [A-Z].*\b(PAYROLL|PAYRLL|SALARY)\b)/,
    category: (isCredit) => (isCredit ? "TRANSFER_IN_DEPOSIT" : null),
  },
];

/** Words every bank event's description holds one of: most descriptions skip the rules at once. */
const MAY_BE_BANK_EVENT =
  /FEE|ATM|ADVANCE|RETURNED|REVERS|PENALTY|MONEY ORDER|BALANCE TRANSFER|INTEREST|POINTS|MILES|(TRAVEL|AIRLINE|HOTEL|ENTRY|CHECK|CLEAR) CREDIT|\bINT|\bDIV|TRANSFER|XFER|THANK|DEPOSIT|WITHDRAW|CHARGE|CHG|PAYMENT RECEIVED|CASH ?BACK|REWARD|CHECK|\bCHK\b|DRAFT|ROUND[ -]?UP|KEEP THE CHANGE|^(CREDIT )?CARD \d* ?P/i;

/** The detailed category of `primary` its words name, or its "other". */
function kindIn(text: string, primary: "BANK_FEES" | "LOAN_PAYMENTS"): string {
  const kind = KEYWORD_RULES.find(
    (r) => r.direction !== "in" && r.category.startsWith(`${primary}_`) && r.words.test(` ${text} `),
  );
  return (
    kind?.category ?? (primary === "BANK_FEES" ? "BANK_FEES_OTHER_BANK_FEES" : "LOAN_PAYMENTS_OTHER_PAYMENT")
  );
}

/** The detailed category of an entry the bank made itself, or null when someone else is party to it. */
export function bankEventOf(description: string, isCredit: boolean): string | null {
  if (!MAY_BE_BANK_EVENT.test(description)) return null;
  const text = description.toUpperCase().replace(/\s+/g, " ").trim();
  for (const event of BANK_EVENTS) {
    if (!event.words.test(text)) continue;
    const category = event.category(isCredit);
    // A fee's kind (overdraft, ATM, foreign) is in its words, and so is a loan's (mortgage, car).
    if (category === "BANK_FEES" || category === "LOAN_PAYMENTS") return kindIn(text, category);
    if (category) return category;
  }
  return null;
}
