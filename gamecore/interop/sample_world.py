"""The bundled sample pack "World 1939", built reproducibly from Natural Earth data.

``python -m gamecore.interop.sample_world OUT.warroom`` (``make sample``) reads
``resources/geodata/`` (Natural Earth 1:110m countries and populated places, public
domain), groups today's countries into the zones of September 1939 (merging countries,
carving pieces out of them by lon/lat boxes and splitting large ones into Voronoi cells
around period cities), adds the small Pacific and Mediterranean islands the data lacks,
and builds the map with :func:`gamecore.interop.geojson.build_map` (Miller projection,
east-west wrap, the ocean split at Gibraltar, the Bosporus, Bab-el-Mandeb, Hormuz and the
Skagerrak into basins and then into numbered sea zones). On top it puts terrain, cities,
facilities, straits and canals, convoy lines and the scenario ``1939`` on the ``g40``
ruleset, plus ``global-war-1936`` on the ``global_war`` ruleset (Global War 1936-1945,
seeds/000). Running it twice gives byte-identical ``dump_json`` output.

All the period knowledge is in the tables below; the code only interprets them.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import Point, box
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError
from gamecore.interop.geojson import (
    GeoFeature,
    ImportOptions,
    LandPiece,
    build_map,
    read_geojson,
)
from gamecore.interop.projection import MapProjection, fit_projection
from gamecore.model import (
    Alliance,
    Facility,
    Line,
    Link,
    Map,
    Nation,
    Ownership,
    Pack,
    Scenario,
    UnitStack,
)

__all__ = ["build_sample", "main"]

PROJECTION = "miller"
BBOX = (-180.0, -58.0, 180.0, 80.0)
WIDTH = 3600.0
SEA_ZONES = 80

# ---------------------------------------------------------------------------------------
# land zones
#
# Each row: code, name, owner, IPC value, source. Sources:
#   "DEU" / "EST LVA LTU"      whole countries (iso_a3; Kosovo is "Kosovo"), minus carvings
#   "@GROUP lon lat"           the Voronoi cell of this seed within GROUP (see GROUPS)
#   "carve ISO,ISO x0 y0 x1 y1; ..."  the part of those countries inside lon/lat boxes
#   "island lon lat"           a small island the 1:110m data does not have
# Rows are grouped by region tag.

LAND: dict[str, list[tuple[str, str, str, int, str]]] = {
    "europe": [
        ("GBR", "United Kingdom", "UK", 8, "GBR"),
        ("IRE", "Ireland", "NEU", 1, "IRL"),
        ("ICE", "Iceland", "NEU", 0, "ISL"),
        ("FRN", "France", "FRA", 8, "@FRA 2.3 48.3"),
        ("SFR", "Southern France", "FRA", 4, "@FRA 3.5 44.3"),
        ("BEL", "Belgium", "NAL", 2, "BEL LUX"),
        ("HOL", "Netherlands", "NAL", 2, "NLD"),
        ("WGE", "Western Germany", "GER", 10, "@DEU 7.8 50.5"),
        ("DEU", "Germany", "GER", 12, "@DEU 12.8 52.5"),
        ("SGE", "Southern Germany", "GER", 4, "@DEU 11.2 48.4"),
        ("AUT", "Austria", "GER", 3, "AUT"),
        ("BOH", "Bohemia-Moravia", "GER", 3, "CZE"),
        ("SVK", "Slovakia", "GER", 1, "SVK"),
        ("EPR", "East Prussia", "GER", 2, "carve RUS,POL 19.0 53.4 23.0 55.5"),
        ("PLD", "Poland", "POL", 4, "POL"),
        (
            "EPL",
            "Eastern Poland",
            "POL",
            2,
            "carve BLR 22.0 51.3 26.8 56.0; carve UKR 22.0 48.4 26.3 51.7",
        ),
        ("DEN", "Denmark", "NEU", 2, "DNK"),
        ("NOR", "Norway", "NEU", 2, "@NOR 9.5 61.0"),
        ("NNO", "Northern Norway", "NEU", 1, "@NOR 18.0 68.5"),
        ("SWE", "Sweden", "NEU", 4, "SWE"),
        ("FIN", "Finland", "NEU", 2, "FIN"),
        ("BAL", "Baltic States", "NEU", 2, "EST LVA LTU"),
        ("SUI", "Switzerland", "NEU", 2, "CHE"),
        ("SPA", "Spain", "NAX", 3, "ESP"),
        ("GIB", "Gibraltar", "UK", 0, "carve ESP -5.8 35.8 -5.0 36.6"),
        ("POR", "Portugal", "NEU", 1, "PRT"),
        ("NIT", "Northern Italy", "ITA", 6, "@ITA 9.8 45.2"),
        ("ITL", "Italy", "ITA", 5, "@ITA 13.5 41.2"),
        ("ALB", "Albania", "ITA", 1, "ALB"),
        ("YUG", "Yugoslavia", "NAL", 3, "SVN HRV BIH SRB MNE MKD Kosovo"),
        ("GRE", "Greece", "NAL", 2, "GRC"),
        ("BUL", "Bulgaria", "NAX", 1, "BGR"),
        ("RUM", "Romania", "NEU", 3, "ROU MDA"),
        ("HUN", "Hungary", "NAX", 2, "HUN"),
        ("TUR", "Turkey", "NEU", 3, "TUR"),
        ("CYP", "Cyprus", "UK", 0, "CYP CYN"),
        ("MLT", "Malta", "UK", 0, "island 14.4 35.9"),
    ],
    "ussr": [
        ("KAR", "Karelia", "SOV", 1, "@SU 33.0 64.0"),
        ("LEN", "Leningrad", "SOV", 3, "@SU 30.5 58.8"),
        ("ARK", "Archangel", "SOV", 1, "@SU 43.0 64.5"),
        ("MOS", "Moscow", "SOV", 8, "@SU 37.6 55.7"),
        ("BYE", "Belorussia", "SOV", 2, "@SU 28.8 53.5"),
        ("UKR", "Ukraine", "SOV", 4, "@SU 30.8 49.6"),
        ("EUK", "Eastern Ukraine", "SOV", 3, "@SU 37.0 48.3"),
        ("STA", "Stalingrad", "SOV", 2, "@SU 44.5 48.7"),
        ("CAU", "Caucasus", "SOV", 4, "@SU 45.0 42.5"),
        ("VOL", "Volga", "SOV", 2, "@SU 49.0 55.5"),
        ("URA", "Urals", "SOV", 3, "@SU 60.6 57.0"),
        ("KZH", "Kazakhstan", "SOV", 1, "@SU 68.0 48.0"),
        ("TKS", "Turkestan", "SOV", 1, "@SU 65.0 40.3"),
        ("WSI", "West Siberia", "SOV", 1, "@SU 73.0 64.0"),
        ("NSK", "Novosibirsk", "SOV", 2, "@SU 82.9 55.0"),
        ("KRA", "Krasnoyarsk", "SOV", 1, "@SU 95.0 60.0"),
        ("IRK", "Irkutsk", "SOV", 1, "@SU 104.0 54.0"),
        ("YAK", "Yakutsk", "SOV", 1, "@SU 125.0 65.0"),
        ("BUR", "Buryatia", "SOV", 1, "@SU 114.0 52.0"),
        ("AMU", "Amur", "SOV", 1, "@SU 133.0 50.5"),
        ("VLA", "Vladivostok", "SOV", 2, "@SU 133.5 45.0"),
        ("MAG", "Magadan", "SOV", 0, "@SU 152.0 61.0"),
        ("CHU", "Chukotka", "SOV", 0, "@SU 172.0 66.0"),
        ("MON", "Mongolia", "SOV", 0, "MNG"),
        ("KAF", "Karafuto", "JPN", 1, "carve RUS 141.0 45.8 145.0 50.0"),
    ],
    "middle_east": [
        ("PRS", "Persia", "NEU", 2, "IRN"),
        ("IRQ", "Iraq", "NAL", 2, "IRQ KWT"),
        ("SYR", "Syria", "FRA", 1, "SYR LBN"),
        ("PAL", "Palestine", "UK", 1, "ISR PSE JOR"),
        ("SAU", "Saudi Arabia", "NEU", 1, "SAU"),
        ("OMN", "Oman", "UK", 0, "OMN ARE QAT"),
        ("YEM", "Yemen", "NEU", 0, "YEM"),
        ("ADN", "Aden", "UK", 1, "carve YEM 44.0 12.4 53.2 15.0"),
        ("AFG", "Afghanistan", "NEU", 1, "AFG"),
    ],
    "asia": [
        ("NWI", "Northwest India", "UK", 2, "@IND 70.5 29.0"),
        ("IND", "India", "UK", 5, "@IND 78.5 21.0"),
        ("BEN", "Bengal", "UK", 3, "@IND 89.0 23.5"),
        ("NEP", "Nepal", "NEU", 0, "NPL BTN"),
        ("CEY", "Ceylon", "UK", 1, "LKA"),
        ("BRM", "Burma", "UK", 1, "MMR"),
        ("SIA", "Siam", "NAX", 1, "THA"),
        ("FIC", "French Indo-China", "FRA", 2, "VNM LAO KHM"),
        ("MAL", "Malaya", "UK", 2, "carve MYS 98.0 0.0 106.0 8.0"),
        ("BBO", "British Borneo", "UK", 1, "carve MYS 108.0 0.0 120.0 8.0; BRN"),
        ("SUM", "Sumatra", "NAL", 2, "@IDN 101.0 0.0"),
        ("JAV", "Java", "NAL", 2, "@IDN 110.0 -7.5"),
        ("BOR", "Borneo", "NAL", 1, "@IDN 114.0 -0.5"),
        ("CEL", "Celebes", "NAL", 1, "@IDN 121.0 -2.0"),
        ("DNG", "Dutch New Guinea", "NAL", 0, "@IDN 138.0 -4.0"),
        ("PHI", "Philippines", "USA", 2, "PHL"),
        ("FOR", "Formosa", "JPN", 1, "TWN"),
        ("JAP", "Japan", "JPN", 10, "@JPN 139.5 36.5"),
        ("WJA", "Western Japan", "JPN", 5, "@JPN 132.5 34.0"),
        ("KOR", "Korea", "JPN", 3, "PRK KOR"),
        ("MAN", "Manchuria", "JPN", 3, "@CHN 126.0 45.0"),
        ("HOP", "Hopei", "JPN", 2, "@CHN 116.0 38.5"),
        ("SUY", "Suiyuan", "JPN", 1, "@CHN 111.0 42.0"),
        ("KIA", "Kiangsu", "JPN", 3, "@CHN 119.5 31.5"),
        ("KWA", "Kwangtung", "UK", 2, "@CHN 113.0 23.5"),
        ("HNN", "Hunan", "CHN", 2, "@CHN 112.0 27.5"),
        ("SZE", "Szechwan", "CHN", 3, "@CHN 105.0 30.0"),
        ("YUN", "Yunnan", "CHN", 1, "@CHN 101.5 24.5"),
        ("SHE", "Shensi", "CHN", 1, "@CHN 108.5 35.5"),
        ("KAN", "Kansu", "CHN", 1, "@CHN 100.0 38.5"),
        ("SIK", "Sinkiang", "CHN", 0, "@CHN 84.0 41.0"),
        ("TIB", "Tibet", "NEU", 0, "@CHN 88.0 31.5"),
        ("OKI", "Okinawa", "JPN", 0, "island 127.8 26.4"),
    ],
    "africa": [
        ("EGY", "Egypt", "UK", 3, "EGY"),
        ("LIB", "Libya", "ITA", 1, "@LBY 14.0 29.5"),
        ("CYR", "Cyrenaica", "ITA", 1, "@LBY 22.0 29.0"),
        ("TUN", "Tunisia", "FRA", 1, "TUN"),
        ("ALG", "Algeria", "FRA", 2, "@DZA 3.0 34.5"),
        ("SAH", "Algerian Sahara", "FRA", 0, "@DZA 3.0 25.0"),
        ("MOR", "Morocco", "FRA", 1, "MAR"),
        ("RDO", "Rio de Oro", "NAX", 0, "ESH"),
        ("MAU", "Mauritania", "FRA", 0, "@FWA -10.5 19.5"),
        ("FWA", "French West Africa", "FRA", 1, "@FWA -9.0 11.0"),
        ("FSU", "French Sudan", "FRA", 0, "@FWA 3.0 16.0"),
        ("GOC", "Gold Coast", "UK", 1, "GHA"),
        ("NGA", "Nigeria", "UK", 2, "NGA"),
        ("SLE", "Sierra Leone", "UK", 0, "SLE"),
        ("LBR", "Liberia", "NEU", 0, "LBR"),
        ("CHA", "Chad", "FRA", 0, "TCD"),
        ("FEA", "French Equatorial Africa", "FRA", 1, "CAF COG GAB GNQ"),
        ("CMR", "Cameroon", "FRA", 1, "CMR"),
        ("SUD", "Anglo-Egyptian Sudan", "UK", 1, "SDN SSD"),
        ("ETH", "Ethiopia", "ITA", 1, "ETH ERI"),
        ("ISO", "Italian Somaliland", "ITA", 0, "SOM"),
        ("FSO", "French Somaliland", "FRA", 0, "DJI"),
        ("BSO", "British Somaliland", "UK", 0, "SOL"),
        ("KEN", "Kenya", "UK", 1, "KEN UGA"),
        ("TAN", "Tanganyika", "UK", 1, "TZA"),
        ("NRH", "Northern Rhodesia", "UK", 1, "ZMB MWI"),
        ("SRH", "Southern Rhodesia", "UK", 1, "ZWE"),
        ("MOZ", "Mozambique", "NEU", 0, "MOZ"),
        ("ANG", "Angola", "NEU", 0, "AGO"),
        ("CON", "Belgian Congo", "NAL", 2, "COD BDI RWA"),
        ("SWA", "South West Africa", "UK", 0, "NAM"),
        ("BEC", "Bechuanaland", "UK", 0, "BWA"),
        ("SAF", "Union of South Africa", "UK", 3, "ZAF LSO SWZ"),
        ("MAD", "Madagascar", "FRA", 1, "MDG"),
    ],
    "north_america": [
        ("EUS", "Eastern United States", "USA", 12, "@USA -76.5 40.5"),
        ("CUS", "Central United States", "USA", 10, "@USA -90.0 41.0"),
        ("SUS", "Southern United States", "USA", 6, "@USA -88.0 32.0"),
        ("WUS", "Western United States", "USA", 8, "@USA -119.0 40.0"),
        ("ALA", "Alaska", "USA", 1, "@USA -152.0 63.0"),
        ("HAW", "Hawaiian Islands", "USA", 1, "@USA -157.0 20.5"),
        ("ECA", "Eastern Canada", "UK", 3, "@CAN -72.0 48.5"),
        ("ONT", "Ontario", "UK", 2, "@CAN -85.0 50.0"),
        ("WCA", "Western Canada", "UK", 2, "@CAN -112.0 54.0"),
        ("NWT", "Northwest Territories", "UK", 0, "@CAN -110.0 67.0"),
        ("NFL", "Newfoundland", "UK", 1, "@CAN -58.0 51.5"),
        ("GRL", "Greenland", "NEU", 0, "GRL"),
        ("MEX", "Mexico", "NEU", 2, "MEX"),
        ("CAM", "Central America", "NEU", 1, "GTM BLZ HND SLV NIC CRI"),
        ("PAN", "Panama", "USA", 1, "PAN"),
        ("CUB", "Cuba", "NEU", 1, "CUB"),
        ("HIS", "Hispaniola", "NEU", 0, "HTI DOM"),
        ("JAM", "Jamaica", "UK", 0, "JAM"),
        ("PRI", "Puerto Rico", "USA", 0, "PRI"),
        ("MID", "Midway", "USA", 0, "island -177.37 28.21"),
        ("WAK", "Wake Island", "USA", 0, "island 166.63 19.29"),
        ("GUA", "Guam", "USA", 0, "island 144.79 13.44"),
    ],
    "south_america": [
        ("COL", "Colombia", "NEU", 1, "COL"),
        ("VEN", "Venezuela", "NEU", 2, "VEN TTO"),
        ("ECU", "Ecuador", "NEU", 0, "ECU"),
        ("PER", "Peru", "NEU", 1, "PER"),
        ("BOL", "Bolivia", "NEU", 0, "BOL"),
        ("CHI", "Chile", "NEU", 1, "CHL"),
        ("ARG", "Argentina", "NEU", 2, "ARG"),
        ("URU", "Uruguay", "NEU", 0, "URY"),
        ("PAR", "Paraguay", "NEU", 0, "PRY"),
        ("SEB", "Southeastern Brazil", "NAL", 2, "@BRA -45.0 -21.0"),
        ("NEB", "Northeastern Brazil", "NAL", 1, "@BRA -40.0 -8.0"),
        ("AMZ", "Amazonas", "NAL", 0, "@BRA -62.0 -5.0"),
        ("SBR", "Southern Brazil", "NAL", 1, "@BRA -53.0 -26.0"),
        ("BGU", "British Guiana", "UK", 0, "GUY"),
        ("DGU", "Dutch Guiana", "NAL", 0, "SUR"),
        ("GUF", "French Guiana", "FRA", 0, "@FRA -53.0 4.0"),
        ("FLK", "Falkland Islands", "UK", 0, "FLK"),
    ],
    "oceania": [
        ("NSW", "New South Wales", "UK", 3, "@AUS 147.5 -33.0"),
        ("QLD", "Queensland", "UK", 1, "@AUS 145.0 -21.0"),
        ("NTE", "Northern Territory", "UK", 0, "@AUS 133.0 -18.0"),
        ("WAU", "Western Australia", "UK", 1, "@AUS 121.0 -26.0"),
        ("SAS", "South Australia", "UK", 1, "@AUS 136.0 -30.0"),
        ("NZL", "New Zealand", "UK", 2, "NZL"),
        ("NGU", "New Guinea", "UK", 1, "PNG"),
        ("SOL", "Solomon Islands", "UK", 0, "SLB"),
        ("NCA", "New Caledonia", "FRA", 0, "NCL"),
        ("FIJ", "Fiji", "UK", 0, "FJI"),
        ("MAR", "Mariana Islands", "JPN", 0, "island 145.75 15.18"),
        ("CAR", "Caroline Islands", "JPN", 0, "island 151.85 7.42"),
        ("MSH", "Marshall Islands", "JPN", 0, "island 167.73 9.19"),
        ("GIL", "Gilbert Islands", "UK", 0, "island 172.98 1.42"),
    ],
}

#: countries split into Voronoi cells (the seeds are the "@GROUP" rows)
GROUPS: dict[str, str] = {
    "FRA": "FRA",
    "DEU": "DEU",
    "NOR": "NOR",
    "ITA": "ITA",
    "SU": "RUS BLR UKR GEO ARM AZE KAZ UZB TKM KGZ TJK",
    "IND": "IND PAK BGD",
    "IDN": "IDN TLS",
    "JPN": "JPN",
    "CHN": "CHN",
    "LBY": "LBY",
    "DZA": "DZA",
    "FWA": "MRT MLI SEN GIN CIV BFA NER BEN TGO GMB GNB",
    "USA": "USA",
    "CAN": "CAN",
    "BRA": "BRA",
    "AUS": "AUS",
}

#: countries left out on purpose (everything else must be used by some zone)
DROPPED = ("ATA", "ATF", "VUT", "BHS")
#: radius of the islands added by hand, in map units
ISLAND_RADIUS = 5.0
#: how far apart unit-stack slots are (map property ``slot_radius``), in map units
SLOT_RADIUS = 8.0

TERRAIN: dict[str, str] = {
    "mountain": "SUI AUT NOR NNO AFG NEP TIB YUG ALB CAU BOL PER CHI ETH KAN YUN",
    "desert": (
        "LIB CYR EGY SAH RDO MAU FSU CHA SUD SAU OMN YEM ADN IRQ TKS KZH MON SIK SUY "
        "NTE WAU SAS SWA BEC PRS"
    ),
    "jungle": ("BRM MAL BBO SUM JAV BOR CEL DNG NGU SOL FIC CON FEA CMR AMZ CAM PAN BGU DGU GUF"),
}

# ---------------------------------------------------------------------------------------
# cities: name, lon, lat, zone code, what is there
#   C capital   V victory city   M major industrial complex   m minor industrial complex
#   N naval base (port; serves the nearest sea zones)   A air base
# Coordinates are the cities' (rounded), from the populated places file where it has them.

CITIES: list[tuple[str, float, float, str, str]] = [
    # Germany and occupied
    ("Berlin", 13.40, 52.52, "DEU", "C V M A"),
    ("Hamburg", 10.00, 53.55, "DEU", "N"),
    ("Essen", 7.01, 51.46, "WGE", "M"),
    ("Wilhelmshaven", 8.12, 53.53, "WGE", "N"),
    ("Munich", 11.58, 48.14, "SGE", "m A"),
    ("Vienna", 16.37, 48.21, "AUT", "V"),
    ("Prague", 14.42, 50.09, "BOH", "m"),
    ("Königsberg", 20.51, 54.71, "EPR", "N"),
    # Poland
    ("Warsaw", 21.01, 52.23, "PLD", "C V"),
    ("Gdynia", 18.53, 54.52, "PLD", "N"),
    # United Kingdom and Empire
    ("London", -0.13, 51.51, "GBR", "C V M A"),
    ("Liverpool", -2.98, 53.41, "GBR", "N"),
    ("Scapa Flow", -3.10, 58.90, "GBR", "N"),
    ("Gibraltar", -5.35, 36.14, "GIB", "N A"),
    ("Valletta", 14.51, 35.90, "MLT", "N A"),
    ("Alexandria", 29.92, 31.20, "EGY", "N"),
    ("Cairo", 31.24, 30.04, "EGY", "V m A"),
    ("Haifa", 34.99, 32.79, "PAL", "N"),
    ("Aden", 45.03, 12.80, "ADN", "N"),
    ("Karachi", 67.01, 24.86, "NWI", "N"),
    ("New Delhi", 77.21, 28.61, "IND", "V"),
    ("Bombay", 72.88, 19.08, "IND", "M N"),
    ("Calcutta", 88.36, 22.57, "BEN", "V m N"),
    ("Colombo", 79.86, 6.93, "CEY", "N"),
    ("Rangoon", 96.16, 16.80, "BRM", "N"),
    ("Singapore", 103.82, 1.35, "MAL", "V N A"),
    ("Hong Kong", 114.17, 22.30, "KWA", "V N"),
    ("Ottawa", -75.70, 45.42, "ECA", "V m"),
    ("Halifax", -63.57, 44.65, "ECA", "N"),
    ("Vancouver", -123.12, 49.28, "WCA", "N"),
    ("St. John's", -52.71, 47.56, "NFL", "N A"),
    ("Kingston", -76.79, 17.99, "JAM", "N"),
    ("Sydney", 151.21, -33.87, "NSW", "V m N"),
    ("Melbourne", 144.96, -37.81, "NSW", "A"),
    ("Brisbane", 153.03, -27.47, "QLD", "N"),
    ("Darwin", 130.84, -12.46, "NTE", "N"),
    ("Perth", 115.86, -31.95, "WAU", "N"),
    ("Wellington", 174.78, -41.29, "NZL", "N"),
    ("Port Moresby", 147.18, -9.44, "NGU", "N"),
    ("Cape Town", 18.42, -33.92, "SAF", "N"),
    ("Johannesburg", 28.05, -26.20, "SAF", "m"),
    ("Mombasa", 39.67, -4.05, "KEN", "N"),
    ("Lagos", 3.39, 6.45, "NGA", "N"),
    ("Freetown", -13.23, 8.48, "SLE", "N"),
    # France and Empire
    ("Paris", 2.35, 48.86, "FRN", "C V M A"),
    ("Brest", -4.49, 48.39, "FRN", "N"),
    ("Marseille", 5.37, 43.30, "SFR", "m N"),
    ("Algiers", 3.06, 36.75, "ALG", "N"),
    ("Casablanca", -7.59, 33.57, "MOR", "N"),
    ("Bizerte", 9.87, 37.27, "TUN", "N"),
    ("Dakar", -17.44, 14.69, "FWA", "N"),
    ("Beirut", 35.50, 33.89, "SYR", "N"),
    ("Saigon", 106.70, 10.78, "FIC", "N"),
    ("Djibouti", 43.15, 11.59, "FSO", "N"),
    ("Diego Suarez", 49.29, -12.28, "MAD", "N"),
    ("Nouméa", 166.45, -22.26, "NCA", "N"),
    # Italy and Empire
    ("Rome", 12.50, 41.90, "ITL", "C V M A"),
    ("Milan", 9.19, 45.46, "NIT", "m"),
    ("Genoa", 8.93, 44.41, "NIT", "N"),
    ("Taranto", 17.24, 40.47, "ITL", "N"),
    ("Tripoli", 13.19, 32.89, "LIB", "N"),
    ("Tobruk", 23.96, 32.08, "CYR", "N"),
    ("Massawa", 39.45, 15.61, "ETH", "N"),
    ("Mogadishu", 45.34, 2.04, "ISO", "N"),
    # Soviet Union
    ("Moscow", 37.62, 55.75, "MOS", "C V M A"),
    ("Leningrad", 30.31, 59.94, "LEN", "V m N"),
    ("Murmansk", 33.08, 68.97, "KAR", "N"),
    ("Archangel", 40.54, 64.54, "ARK", "N"),
    ("Kiev", 30.52, 50.45, "UKR", "V"),
    ("Odessa", 30.73, 46.48, "UKR", "N"),
    ("Kharkov", 36.23, 49.99, "EUK", "m"),
    ("Sevastopol", 33.52, 44.60, "EUK", "N"),
    ("Stalingrad", 44.52, 48.71, "STA", "V m"),
    ("Baku", 49.87, 40.41, "CAU", "A"),
    ("Gorky", 44.00, 56.33, "VOL", "m"),
    ("Sverdlovsk", 60.60, 56.84, "URA", "m"),
    ("Novosibirsk", 82.92, 55.03, "NSK", "m"),
    ("Vladivostok", 131.89, 43.12, "VLA", "N"),
    # Japan and Empire
    ("Tokyo", 139.69, 35.69, "JAP", "C V M A"),
    ("Yokosuka", 139.67, 35.28, "JAP", "N"),
    ("Osaka", 135.50, 34.69, "WJA", "M"),
    ("Kure", 132.57, 34.25, "WJA", "N"),
    ("Seoul", 126.98, 37.57, "KOR", "m"),
    ("Pusan", 129.08, 35.18, "KOR", "N"),
    ("Mukden", 123.43, 41.80, "MAN", "m"),
    ("Peking", 116.41, 39.90, "HOP", "V"),
    ("Shanghai", 121.47, 31.23, "KIA", "V N"),
    ("Taipei", 121.56, 25.03, "FOR", "N A"),
    ("Naha", 127.68, 26.21, "OKI", "A"),
    ("Saipan", 145.75, 15.18, "MAR", "A"),
    ("Truk", 151.85, 7.42, "CAR", "N A"),
    ("Kwajalein", 167.73, 9.19, "MSH", "A"),
    # China
    ("Chungking", 106.55, 29.56, "SZE", "C V"),
    ("Changsha", 112.94, 28.23, "HNN", ""),
    ("Kunming", 102.83, 24.88, "YUN", ""),
    # United States
    ("Washington", -77.04, 38.91, "EUS", "C V M A"),
    ("New York", -74.01, 40.71, "EUS", "N"),
    ("Norfolk", -76.29, 36.85, "EUS", "N"),
    ("Chicago", -87.63, 41.88, "CUS", "M"),
    ("Detroit", -83.05, 42.33, "CUS", "m"),
    ("New Orleans", -90.07, 29.95, "SUS", "N"),
    ("San Francisco", -122.42, 37.77, "WUS", "V M N A"),
    ("San Diego", -117.16, 32.72, "WUS", "N"),
    ("Seattle", -122.33, 47.61, "WUS", "N"),
    ("Honolulu", -157.86, 21.31, "HAW", "V N A"),
    ("Anchorage", -149.90, 61.22, "ALA", "A"),
    ("Manila", 120.98, 14.60, "PHI", "V N A"),
    ("Panama City", -79.52, 8.98, "PAN", "N A"),
    ("Guam", 144.79, 13.44, "GUA", "N"),
    ("Midway", -177.37, 28.21, "MID", "A"),
    ("Wake", 166.63, 19.29, "WAK", "A"),
    # neutrals and minors
    ("Amsterdam", 4.90, 52.37, "HOL", "N"),
    ("Brussels", 4.35, 50.85, "BEL", ""),
    ("Copenhagen", 12.57, 55.68, "DEN", "N"),
    ("Oslo", 10.75, 59.91, "NOR", "N"),
    ("Narvik", 17.43, 68.44, "NNO", "N"),
    ("Stockholm", 18.07, 59.33, "SWE", "N"),
    ("Helsinki", 24.94, 60.17, "FIN", "N"),
    ("Riga", 24.11, 56.95, "BAL", "N"),
    ("Madrid", -3.70, 40.42, "SPA", ""),
    ("Lisbon", -9.14, 38.72, "POR", "N"),
    ("Istanbul", 28.98, 41.01, "TUR", "N"),
    ("Ankara", 32.85, 39.93, "TUR", ""),
    ("Athens", 23.73, 37.98, "GRE", "N"),
    ("Belgrade", 20.46, 44.79, "YUG", ""),
    ("Bucharest", 26.10, 44.43, "RUM", ""),
    ("Budapest", 19.04, 47.50, "HUN", ""),
    ("Sofia", 23.32, 42.70, "BUL", ""),
    ("Tehran", 51.39, 35.69, "PRS", ""),
    ("Baghdad", 44.37, 33.31, "IRQ", ""),
    ("Batavia", 106.85, -6.21, "JAV", "N"),
    ("Palembang", 104.75, -2.98, "SUM", ""),
    ("Reykjavík", -21.94, 64.15, "ICE", "N"),
    ("Rio de Janeiro", -43.21, -22.91, "SEB", "N"),
    ("Buenos Aires", -58.38, -34.60, "ARG", "N"),
    ("Mexico City", -99.13, 19.43, "MEX", ""),
    ("Havana", -82.37, 23.11, "CUB", "N"),
]

# ---------------------------------------------------------------------------------------
# seas: the ocean is cut at these straits (lon/lat polylines from shore to shore) into
# basins; BASINS fixes how many sea zones the basin holding a point gets.

CUTS: list[tuple[str, list[tuple[float, float]]]] = [
    ("Gibraltar", [(-5.75, 35.3), (-5.75, 36.6)]),
    ("Bosporus", [(28.6, 41.35), (29.5, 40.95)]),
    ("Bab-el-Mandeb", [(43.7, 12.8), (42.6, 12.9)]),
    ("Hormuz", [(56.0, 25.6), (56.6, 27.6)]),
    ("Skagerrak", [(9.9, 57.2), (11.8, 58.6)]),
]
BASINS: list[tuple[str, float, float, int]] = [
    ("mediterranean", 18.0, 35.0, 6),
    ("black_sea", 34.0, 43.5, 1),
    ("red_sea", 38.0, 20.0, 1),
    ("persian_gulf", 51.0, 27.0, 1),
    ("baltic", 19.0, 57.0, 2),
]

#: sea zones are named after the first of these points they hold, else "Sea Zone N"
NAMED_SEAS: list[tuple[str, float, float]] = [
    ("North Sea", 3.0, 56.0),
    ("English Channel", -2.0, 50.0),
    ("Baltic Sea", 18.0, 56.0),
    ("Gulf of Bothnia", 20.5, 62.5),
    ("Norwegian Sea", 5.0, 67.0),
    ("Barents Sea", 40.0, 72.0),
    ("Kara Sea", 70.0, 75.0),
    ("Laptev Sea", 125.0, 76.0),
    ("East Siberian Sea", 160.0, 73.0),
    ("Bay of Biscay", -5.0, 45.5),
    ("Western Approaches", -13.0, 50.0),
    ("Denmark Strait", -28.0, 66.0),
    ("North Atlantic", -35.0, 50.0),
    ("Labrador Sea", -55.0, 58.0),
    ("Hudson Bay", -85.0, 60.0),
    ("Western Mediterranean", 5.0, 39.0),
    ("Tyrrhenian Sea", 12.0, 39.5),
    ("Ionian Sea", 19.0, 36.5),
    ("Aegean Sea", 25.0, 38.5),
    ("Eastern Mediterranean", 30.0, 33.0),
    ("Black Sea", 34.0, 43.5),
    ("Red Sea", 38.0, 20.0),
    ("Persian Gulf", 51.0, 27.0),
    ("Arabian Sea", 63.0, 15.0),
    ("Bay of Bengal", 88.0, 15.0),
    ("Andaman Sea", 96.0, 10.0),
    ("South China Sea", 114.0, 14.0),
    ("Java Sea", 111.0, -5.0),
    ("Banda Sea", 127.0, -6.0),
    ("Coral Sea", 155.0, -17.0),
    ("Tasman Sea", 160.0, -38.0),
    ("Philippine Sea", 132.0, 18.0),
    ("East China Sea", 126.0, 30.0),
    ("Sea of Japan", 135.0, 40.0),
    ("Sea of Okhotsk", 148.0, 53.0),
    ("Bering Sea", 178.0, 58.0),
    ("Gulf of Alaska", -145.0, 56.0),
    ("Caribbean Sea", -75.0, 15.0),
    ("Gulf of Mexico", -90.0, 25.0),
    ("Sargasso Sea", -60.0, 30.0),
    ("Gulf of Guinea", 3.0, 2.0),
    ("Mozambique Channel", 41.0, -18.0),
    ("Great Australian Bight", 130.0, -36.0),
    ("Caspian Sea", 50.5, 42.0),
    ("Gulf of Sidra", 17.7, 33.4),
    ("Chukchi Sea", -170.0, 74.6),
    ("Beaufort Sea", -146.5, 75.4),
    ("Arctic Ocean", -129.8, 76.8),
    ("Queen Elizabeth Islands", -104.8, 77.1),
    ("Greenland Sea", -11.1, 71.6),
    ("Northern Kara Sea", 77.8, 76.8),
    ("Pacific Northwest", -138.0, 47.7),
    ("North Pacific", -168.7, 35.6),
    ("Eastern Pacific", -145.3, 32.8),
    ("Johnston Atoll", -170.7, 16.5),
    ("Line Islands", -146.9, 13.2),
    ("Equatorial Pacific", -151.4, -5.9),
    ("Eastern Equatorial Pacific", -124.8, -3.8),
    ("Revillagigedo Islands", -120.8, 18.8),
    ("Galápagos Islands", -96.0, -3.4),
    ("Samoa", -170.0, -13.1),
    ("Kermadec Islands", -170.9, -31.6),
    ("Tuamotu Archipelago", -139.2, -20.3),
    ("South Pacific", -152.1, -35.3),
    ("Pitcairn Islands", -126.6, -32.5),
    ("Easter Island", -106.3, -27.2),
    ("Humboldt Current", -83.3, -31.6),
    ("South Pacific Basin", -162.8, -51.0),
    ("Southern Pacific", -140.5, -49.7),
    ("Bellingshausen Approaches", -118.8, -48.3),
    ("Southeast Pacific", -98.4, -50.5),
    ("Cape Horn", -81.9, -53.0),
    ("Azores", -37.9, 39.4),
    ("Canary Islands", -17.4, 35.4),
    ("Cape Verde", -30.4, 14.9),
    ("Ascension Island", -24.8, -7.8),
    ("South Atlantic", -25.9, -29.5),
    ("Walvis Ridge", 1.3, -26.0),
    ("Argentine Basin", -47.5, -45.1),
    ("South Georgia", -24.9, -50.7),
    ("Tristan da Cunha", -8.4, -41.0),
    ("Bouvet Island", 4.5, -52.1),
    ("Cape Basin", 11.8, -39.4),
    ("Central Indian Ocean", 83.1, -6.8),
    ("Mascarene Islands", 61.1, -25.8),
    ("South Indian Ocean", 82.6, -32.0),
    ("Eastern Indian Ocean", 103.0, -22.5),
    ("Agulhas Current", 36.0, -38.3),
    ("Crozet Islands", 42.3, -52.0),
    ("Southwest Indian Ocean", 57.4, -43.0),
    ("Kerguelen Islands", 75.8, -50.1),
    ("Southern Indian Ocean", 97.2, -50.8),
    ("Southwest Australian Waters", 115.7, -44.5),
]

# ---------------------------------------------------------------------------------------
# links and lines

#: canals: name, sea point a, sea point b, controlling zone codes
CANALS: list[tuple[str, tuple[float, float], tuple[float, float], list[str]]] = [
    ("Suez Canal", (32.4, 31.7), (34.0, 27.0), ["EGY"]),
    ("Panama Canal", (-79.6, 9.8), (-79.3, 8.0), ["PAN"]),
    ("Dardanelles", (25.5, 39.8), (31.0, 42.5), ["TUR"]),
    ("Danish Straits", (11.3, 56.8), (8.5, 57.8), ["DEN"]),
]
#: straits (land-land across water): name, zone a, zone b, the sea point whose enemy
#: fleet blocks the crossing
STRAITS: list[tuple[str, str, str, tuple[float, float]]] = [
    ("Strait of Gibraltar", "GIB", "MOR", (-5.4, 35.95)),
    ("Øresund", "DEN", "SWE", (11.3, 56.8)),
]
#: convoy lines: name, receiving nation, IPCs, start zone, end zone, lon/lat waypoints
CONVOYS: list[tuple[str, str, int, str, str, list[tuple[float, float]]]] = [
    (
        "North Atlantic convoy",
        "UK",
        4,
        "EUS",
        "GBR",
        [(-73.0, 40.0), (-60.0, 42.5), (-40.0, 49.0), (-20.0, 54.0), (-8.0, 54.6)],
    ),
    (
        "Murmansk convoy",
        "SOV",
        2,
        "GBR",
        "KAR",
        [(-2.0, 60.0), (5.0, 66.0), (20.0, 72.0), (33.5, 69.8)],
    ),
    (
        "Cape route",
        "UK",
        3,
        "IND",
        "GBR",
        [
            (71.0, 18.0),
            (62.0, 5.0),
            (50.0, -15.0),
            (35.0, -34.0),
            (18.0, -36.0),
            (0.0, -15.0),
            (-20.0, 10.0),
            (-18.0, 35.0),
            (-10.0, 48.0),
            (-6.0, 50.5),
        ],
    ),
    (
        "Mediterranean convoy",
        "UK",
        2,
        "GIB",
        "EGY",
        [(-5.0, 36.2), (5.0, 37.6), (11.5, 37.8), (14.0, 35.4), (25.0, 33.6), (29.6, 31.5)],
    ),
    (
        "Southern resources convoy",
        "JPN",
        3,
        "JAV",
        "WJA",
        [
            (106.8, -5.5),
            (108.0, -2.5),
            (107.5, 2.0),
            (110.5, 8.0),
            (116.0, 18.0),
            (122.5, 26.5),
            (130.0, 31.0),
        ],
    ),
]

# ---------------------------------------------------------------------------------------
# nations, alliances and the 1939 scenario

#: id, name, colour, kind, playable, alignment of a neutral bloc
NATIONS: list[tuple[str, str, str, str, bool, str | None]] = [
    ("GER", "Germany", "#6b6b6b", "major", True, None),
    ("SOV", "Soviet Union", "#a3302c", "major", True, None),
    ("JPN", "Japan", "#e3a23b", "major", True, None),
    ("USA", "United States", "#3d7a3a", "major", True, None),
    ("CHN", "China", "#6e4c9e", "major", True, None),
    ("UK", "United Kingdom and Commonwealth", "#c9a46a", "major", True, None),
    ("ITA", "Italy", "#7a5230", "major", True, None),
    ("FRA", "France", "#2f5fa8", "major", True, None),
    ("POL", "Poland", "#c0507a", "minor", True, None),
    ("NEU", "Neutral states", "#d9d3c3", "neutral", False, "strict"),
    ("NAX", "Pro-Axis neutrals", "#c8b89a", "neutral", False, "pro_axis"),
    ("NAL", "Pro-Allied neutrals", "#b2c4a6", "neutral", False, "pro_allies"),
]
CAPITALS = {
    "GER": "DEU",
    "SOV": "MOS",
    "JPN": "JAP",
    "USA": "EUS",
    "CHN": "SZE",
    "UK": "GBR",
    "ITA": "ITL",
    "FRA": "FRN",
    "POL": "PLD",
}
ALLIANCES: list[tuple[str, str, str, list[str]]] = [
    ("axis", "Axis", "#555555", ["GER", "ITA", "JPN"]),
    ("allies", "Allies", "#3f6fb5", ["UK", "FRA", "POL", "USA", "CHN"]),
    ("comintern", "Comintern", "#a3302c", ["SOV"]),
]
#: relations other than peace (September 1939: war in Poland, in China; the Pact)
RELATIONS: list[tuple[str, str, str, str | None]] = [
    ("GER", "POL", "war", "GER"),
    ("GER", "UK", "war", "UK"),
    ("GER", "FRA", "war", "FRA"),
    ("JPN", "CHN", "war", "JPN"),
    ("GER", "SOV", "pact", None),
]
TURN_ORDER = ["GER", "POL", "SOV", "JPN", "USA", "CHN", "UK", "ITA", "FRA"]

#: the set-up: nation → [(zone code, or "sea LON LAT", "count type, ...")]
SETUP: dict[str, list[tuple[str, str]]] = {
    "GER": [
        ("DEU", "4 infantry, 2 artillery, 2 tank, 2 fighter, 1 tactical_bomber, 1 aaa"),
        ("WGE", "4 infantry, 1 artillery, 1 tank, 1 fighter, 1 strategic_bomber, 1 aaa"),
        ("SGE", "2 infantry, 1 artillery, 1 mech_infantry"),
        ("AUT", "2 infantry"),
        ("BOH", "2 infantry, 1 tank"),
        ("SVK", "1 infantry, 1 mech_infantry"),
        ("EPR", "2 infantry, 1 artillery"),
        # the surface fleet lies in the Baltic: the North Sea holds the Home Fleet, and a
        # scenario must not start with enemies in one zone (validator SCN012)
        ("sea 15.0 55.5", "1 battleship, 2 cruiser, 1 destroyer, 2 transport"),
        ("sea -35.0 45.0", "2 submarine"),  # U-boats on the Atlantic routes
    ],
    "POL": [
        ("PLD", "4 infantry, 1 artillery, 1 fighter"),
        ("EPL", "2 infantry"),
    ],
    "SOV": [
        ("MOS", "4 infantry, 1 artillery, 1 tank, 1 fighter, 1 aaa"),
        ("LEN", "3 infantry, 1 artillery"),
        ("BYE", "3 infantry, 1 tank"),
        ("UKR", "3 infantry, 1 artillery"),
        ("EUK", "2 infantry"),
        ("CAU", "2 infantry, 1 artillery"),
        ("STA", "1 infantry"),
        ("KAR", "1 infantry"),
        ("URA", "1 infantry"),
        ("VLA", "3 infantry"),
        ("AMU", "2 infantry"),
        ("BUR", "1 infantry"),
        ("MON", "1 infantry, 1 tank"),
        ("sea 27.0 59.8", "1 submarine, 1 destroyer"),
    ],
    "JPN": [
        ("JAP", "4 infantry, 1 artillery, 2 fighter, 1 tactical_bomber, 1 aaa"),
        ("WJA", "2 infantry"),
        ("KOR", "2 infantry"),
        ("MAN", "4 infantry, 1 artillery, 1 tank"),
        ("HOP", "3 infantry, 1 artillery"),
        ("KIA", "3 infantry, 1 fighter"),
        ("SUY", "1 infantry"),
        ("FOR", "1 infantry"),
        ("OKI", "1 infantry"),
        ("MAR", "1 infantry"),
        ("CAR", "1 infantry"),
        ("MSH", "1 infantry"),
        (
            "sea 141.0 34.0",
            "2 battleship, 2 carrier, 2 fighter, 1 cruiser, 2 destroyer, 1 transport",
        ),
        ("sea 131.0 31.0", "1 battleship, 1 destroyer, 1 transport"),
        ("sea 152.0 9.0", "1 cruiser, 1 submarine"),
    ],
    "USA": [
        ("EUS", "2 infantry, 1 artillery, 1 fighter, 1 aaa"),
        ("CUS", "1 infantry, 1 tank"),
        ("SUS", "1 infantry"),
        ("WUS", "2 infantry, 1 fighter"),
        ("HAW", "1 infantry, 1 fighter"),
        ("PHI", "2 infantry, 1 fighter"),
        ("ALA", "1 infantry"),
        ("PAN", "1 infantry"),
        (
            "sea -158.0 19.5",
            "1 battleship, 1 carrier, 1 fighter, 1 cruiser, 1 destroyer, 1 submarine",
        ),
        ("sea -120.0 32.0", "1 battleship, 1 destroyer, 1 transport"),
        ("sea -73.0 37.0", "1 battleship, 1 cruiser, 1 destroyer, 1 transport"),
        ("sea 119.0 14.0", "1 cruiser, 1 submarine"),
    ],
    "CHN": [
        ("SZE", "3 infantry, 1 fighter"),
        ("HNN", "3 infantry"),
        ("SHE", "2 infantry"),
        ("YUN", "2 infantry"),
        ("KAN", "1 infantry"),
        ("SIK", "1 infantry"),
    ],
    "UK": [
        ("GBR", "4 infantry, 1 artillery, 2 fighter, 1 strategic_bomber, 1 aaa"),
        ("GIB", "1 infantry, 1 fighter"),
        ("MLT", "1 infantry"),
        ("EGY", "3 infantry, 1 artillery, 1 tank, 1 fighter"),
        ("PAL", "1 infantry"),
        ("ADN", "1 infantry"),
        ("IND", "4 infantry, 1 artillery, 1 fighter"),
        ("BEN", "2 infantry"),
        ("NWI", "1 infantry"),
        ("BRM", "1 infantry"),
        ("MAL", "2 infantry"),
        ("KWA", "1 infantry"),
        ("ECA", "2 infantry"),
        ("NSW", "2 infantry, 1 fighter"),
        ("NZL", "1 infantry"),
        ("SAF", "2 infantry"),
        ("KEN", "1 infantry"),
        (
            "sea -1.0 59.5",
            "2 battleship, 1 carrier, 1 fighter, 2 cruiser, 2 destroyer, 1 transport",
        ),
        ("sea -6.0 48.5", "1 cruiser, 1 destroyer, 1 transport"),
        ("sea 30.0 33.0", "1 battleship, 1 cruiser, 1 destroyer"),
        ("sea 70.0 15.0", "1 cruiser, 1 transport"),
        ("sea 105.0 3.5", "1 battleship, 1 destroyer"),
        ("sea 155.0 -30.0", "1 cruiser"),
    ],
    "ITA": [
        ("ITL", "3 infantry, 1 artillery, 1 fighter"),
        ("NIT", "3 infantry, 1 artillery, 1 tank"),
        ("ALB", "1 infantry"),
        ("LIB", "2 infantry, 1 artillery"),
        ("CYR", "2 infantry, 1 tank"),
        ("ETH", "3 infantry"),
        ("ISO", "1 infantry"),
        ("sea 12.0 39.5", "1 battleship, 1 cruiser, 1 transport"),
        ("sea 18.0 38.5", "1 battleship, 1 destroyer, 1 submarine"),
    ],
    "FRA": [
        ("FRN", "6 infantry, 2 artillery, 1 tank, 1 fighter, 1 aaa"),
        ("SFR", "2 infantry"),
        ("ALG", "1 infantry"),
        ("MOR", "1 infantry"),
        ("TUN", "1 infantry"),
        ("SYR", "1 infantry"),
        ("FIC", "1 infantry"),
        ("sea -7.0 47.0", "1 battleship, 1 cruiser, 1 destroyer"),
        ("sea 5.0 42.0", "1 battleship, 1 cruiser"),
    ],
}

#: national objectives and victory conditions (the condition language, docs/conditions.md)
OBJECTIVES = """
objective GER_poland "Partition of Poland" {
  owner: GER  if: controls(GER, Poland)  bonus: 3 }
objective GER_france "Fall of France" {
  owner: GER  when: at_war(GER, FRA)  if: controls(axis, France)  bonus: 5 }
objective GER_iron_ore "Swedish iron ore" {
  owner: GER  if: not controls(allies, {Sweden, Northern Norway})  bonus: 2 }
objective GER_soviet_trade "Trade with the Soviet Union" {
  owner: GER  when: not at_war(GER, SOV)  bonus: 3 }
objective GER_lebensraum "Lebensraum" {
  owner: GER  when: at_war(GER, SOV)
  bonus: 3 * count(t in {Leningrad, Moscow, Stalingrad, Caucasus}: controls(axis, t)) }
objective SOV_buffer "Buffer zone" {
  owner: SOV  if: controls(SOV, {Eastern Poland, Baltic States})  bonus: 3 }
objective SOV_patriotic_war "Great Patriotic War" {
  owner: SOV  when: at_war(SOV, GER)
  if: controls(SOV, {Leningrad, Moscow, Stalingrad})  bonus: 5 }
objective JPN_china "Conquest of China" {
  owner: JPN  when: at_war(JPN, CHN)
  bonus: 2 * count(t in {Hunan, Szechwan, Yunnan, Shensi}: controls(axis, t)) }
objective JPN_resources "Southern resources" {
  owner: JPN  if: controls(axis, {Sumatra, Java, Borneo})  bonus: 5 }
objective USA_pacific "Pacific bases" {
  owner: USA  when: at_war(USA, JPN)
  if: controls(USA, {Philippines, Hawaiian Islands, Guam, Midway})  bonus: 5 }
objective USA_arsenal "Arsenal of democracy" {
  owner: USA  when: at_war(USA, GER)  if: controls(allies, United Kingdom)  bonus: 5 }
objective CHN_burma_road "Burma Road" {
  owner: CHN  if: controls(allies, {Burma, Yunnan})  bonus: 2 }
objective UK_empire "Lifelines of the Empire" {
  owner: UK  if: controls(UK, {Gibraltar, Malta, Egypt, Malaya})  bonus: 3 }
objective UK_convoys "Atlantic lifeline" {
  owner: UK  if: none(axis, region(atlantic), submarine)  bonus: 2 }
objective ITA_mare_nostrum "Mare Nostrum" {
  owner: ITA  if: controls(axis, {Gibraltar, Malta, Egypt})
  and none(allies, region(mediterranean), surface_warship)  bonus: 5 }
objective ITA_empire "African empire" {
  owner: ITA  if: controls(ITA, {Libya, Cyrenaica, Ethiopia})  bonus: 2 }
objective FRA_homeland "The homeland holds" {
  owner: FRA  if: controls(FRA, {France, Southern France})  bonus: 2 }
objective POL_warsaw "Warsaw stands" {
  owner: POL  if: controls(POL, Poland)  bonus: 1 }
victory AX_world "Axis domination" { side: axis  once: true
  if: count(t in victory_cities(): controls(axis, t)) >= 16
  effect: declare_winner(axis) }
victory AL_world "Allied victory" { side: allies  once: true
  if: controls(allies, {Germany, Italy, Japan})  effect: declare_winner(allies) }
"""


# ---------------------------------------------------------------------------------------
# the Global War 1936 scenario (ruleset global_war; seeds/000, rules-notes/000 §2)

GW1936_ID = "global-war-1936"
#: T 4-1: the three Alliances at the start of 1936 (KMT China with the Allies, under US
#: control; Poland a minor that Aligns with the Allies)
GW1936_ALLIANCES: list[tuple[str, str, str, list[str]]] = [
    ("axis", "Axis", "#555555", ["GER", "ITA", "JPN"]),
    ("allies", "Allies", "#3f6fb5", ["UK", "FRA", "USA", "CHN", "POL"]),
    ("comintern", "Comintern", "#a3302c", ["SOV"]),
]
#: T 6-1: Germany; USSR; Japan; the Commonwealth; France; Italy; USA + KMT (Poland, a
#: minor here, moves after Germany)
GW1936_TURN_ORDER = [["GER"], ["POL"], ["SOV"], ["JPN"], ["UK"], ["FRA"], ["ITA"], ["USA", "CHN"]]
#: zones independent in January 1936 (Austria, Czechoslovakia, Albania, Abyssinia)
GW1936_INDEPENDENT = ("AUT", "BOH", "SVK", "ALB", "ETH")
#: §2.4: every Major starts on peacetime income (USA 6 of 63, GB 11: the NRS example);
#: the others are plausible guesses, the NRS values are not in the rulebook
GW1936_BANKS = {
    "GER": 18,
    "SOV": 16,
    "JPN": 14,
    "USA": 6,
    "CHN": 6,
    "UK": 11,
    "ITA": 9,
    "FRA": 12,
    "POL": 4,
}
#: a plausible 1936 set-up in global_war unit types (the NRS set-up charts are not in the
#: rulebook); every fighter is an Early War Fighter (§15.9)
GW1936_SETUP: dict[str, list[tuple[str, str]]] = {
    "GER": [
        ("DEU", "3 infantry, 1 artillery, 1 light_armor, 1 early_war_fighter, 1 aa_artillery"),
        ("WGE", "3 infantry, 1 artillery, 1 early_war_fighter"),
        ("SGE", "2 infantry, 1 cavalry"),
        ("EPR", "2 infantry"),
        ("sea 6.0 55.0", "1 heavy_cruiser, 1 destroyer, 1 naval_transport"),
        ("sea -20.0 50.0", "1 submarine"),
    ],
    "POL": [
        ("PLD", "3 infantry, 1 cavalry"),
        ("EPL", "2 infantry"),
    ],
    "SOV": [
        ("MOS", "4 infantry, 1 artillery, 1 light_armor, 1 early_war_fighter"),
        ("LEN", "3 infantry, 1 artillery"),
        ("BYE", "3 infantry, 1 cavalry"),
        ("UKR", "3 infantry, 1 artillery"),
        ("CAU", "2 infantry"),
        ("VLA", "3 infantry"),
        ("MON", "1 infantry, 1 cavalry"),
        ("sea 27.0 59.8", "1 submarine"),
    ],
    "JPN": [
        ("JAP", "3 infantry, 1 artillery, 1 early_war_fighter"),
        ("KOR", "2 infantry"),
        ("MAN", "4 infantry, 1 artillery, 1 light_armor"),
        ("FOR", "1 infantry"),
        ("sea 141.0 34.0", "2 battleship, 1 fleet_carrier, 1 early_war_fighter, 2 destroyer"),
        ("sea 131.0 31.0", "1 heavy_cruiser, 1 naval_transport"),
    ],
    "USA": [
        ("EUS", "2 infantry, 1 early_war_fighter"),
        ("WUS", "1 infantry"),
        ("HAW", "1 infantry"),
        ("PHI", "1 infantry"),
        ("sea -158.0 19.5", "1 battleship, 1 light_cruiser"),
        ("sea -73.0 37.0", "1 battleship, 1 destroyer"),
    ],
    "CHN": [
        ("SZE", "3 infantry"),
        ("HNN", "3 infantry"),
        ("SHE", "2 infantry"),
        ("HOP", "2 infantry"),
        ("KIA", "3 infantry"),
    ],
    "UK": [
        ("GBR", "3 infantry, 1 artillery, 2 early_war_fighter"),
        ("GIB", "1 infantry"),
        ("MLT", "1 infantry"),
        ("EGY", "2 infantry, 1 light_armor"),
        ("IND", "3 infantry, 1 artillery"),
        ("MAL", "1 infantry"),
        ("NSW", "1 infantry"),
        ("SAF", "1 infantry"),
        ("sea -1.0 59.5", "2 battleship, 1 fleet_carrier, 1 heavy_cruiser, 2 destroyer"),
        ("sea 30.0 33.0", "1 battleship, 1 light_cruiser"),
    ],
    "ITA": [
        ("ITL", "3 infantry, 1 artillery, 1 early_war_fighter"),
        ("NIT", "2 infantry, 1 light_armor"),
        ("LIB", "2 infantry"),
        ("ISO", "2 infantry"),
        ("sea 12.0 39.5", "1 battleship, 1 heavy_cruiser, 1 naval_transport"),
        ("sea 18.0 38.5", "1 light_cruiser, 1 submarine"),
    ],
    "FRA": [
        ("FRN", "5 infantry, 2 artillery, 1 light_armor, 1 early_war_fighter"),
        ("SFR", "2 infantry"),
        ("ALG", "1 infantry"),
        ("SYR", "1 infantry"),
        ("FIC", "1 infantry"),
        ("sea -7.0 47.0", "1 battleship, 1 light_cruiser"),
    ],
}

#: §3, T 3-1: each Alliance scores 18 objective points, 1 VP each, at the end of the game
#: (the NRS objectives, adapted to this map's zones where the rulebook names zones or
#: conditions it does not have: capital-ship ratios, technologies, rail paths, the CCP)
GW1936_OBJECTIVES = """
victory GW_GER_lebensraum_poland "Lebensraum: Poland" {
  side: axis  check: game_end  vp: 1  if: controls(axis, {Poland, Eastern Poland}) }
victory GW_GER_lebensraum_baltic "Lebensraum: the Baltic" {
  side: axis  check: game_end  vp: 1  if: controls(axis, Baltic States) }
victory GW_GER_lebensraum_low "Lebensraum: the Low Countries" {
  side: axis  check: game_end  vp: 1  if: controls(axis, {Denmark, Netherlands, Belgium}) }
victory GW_GER_lebensraum_balkans "Lebensraum: the Balkans" {
  side: axis  check: game_end  vp: 1  if: controls(axis, {Yugoslavia, Greece}) }
victory GW_GER_communism "Eliminate Communism" {
  side: axis  check: game_end  vp: 1
  if: controls(axis, Moscow) or controls(axis, {Leningrad, Stalingrad}) }
victory GW_GER_resources "Gain Resources" {
  side: axis  check: game_end  vp: 1  if: income(GER) > 50 }
victory GW_GER_spain "Spanish Civil War" {
  side: axis  check: game_end  vp: 1  if: controls(axis, Spain) }
victory GW_ITA_empire "Expand the Empire" {
  side: axis  check: game_end  vp: count(t in {Ethiopia, Albania}: controls(axis, t)) }
victory GW_ITA_mediterranean "Mediterranean Dominance" {
  side: axis  check: game_end  vp: 1  if: controls(axis, {Gibraltar, Egypt, Malta}) }
victory GW_ITA_fascism "Triumph of Fascism" {
  side: axis  check: game_end  vp: 1  if: controls(axis, Spain) }
victory GW_JPN_colonialism "Colonialism" {
  side: axis  check: game_end  vp: 2  if: income(JPN) > 50 }
victory GW_JPN_pacific "Pacific Security" {
  side: axis  check: game_end  vp: 1
  if: count(t in {Midway, Wake Island, Mariana Islands, Hawaiian Islands, Caroline Islands,
                  Marshall Islands}: controls(axis, t)) >= 3 }
victory GW_JPN_raw_materials "Raw Materials" {
  side: axis  check: game_end
  vp: count(t in {Malaya, Philippines, Java, Sumatra}: controls(axis, t)) }
victory GW_USA_monroe "Monroe Doctrine" {
  side: allies  check: game_end  vp: 1
  if: controls(allies, {Eastern United States, Central United States, Western United States,
                        Southern United States, Panama, Mexico}) }
victory GW_USA_fascism "Contain Fascism (USA)" {
  side: allies  check: game_end  vp: 1  if: income(GER) <= 24 and income(ITA) <= 10 }
victory GW_USA_communism "Contain Communism (USA)" {
  side: allies  check: game_end  vp: 1
  if: count(t in {Poland, Finland, Romania, Bulgaria, Hungary, Yugoslavia, Turkey, Persia,
                  Manchuria, Korea, Sinkiang}: controls(comintern, t)) < 5 }
victory GW_USA_pacific "Pacific Security (USA)" {
  side: allies  check: game_end  vp: 1
  if: controls(allies, {Hawaiian Islands, Midway, Guam, Philippines}) }
victory GW_USA_empire "Maintain the Empire (USA)" {
  side: allies  check: game_end  vp: 1  if: controls(allies, {Alaska, Wake Island, Guam}) }
victory GW_USA_axis_homes "Defeat the Axis" {
  side: allies  check: game_end  vp: 1  if: controls(allies, {Germany, Italy, Japan}) }
victory GW_UK_communism "Contain Communism (GB)" {
  side: allies  check: game_end  vp: 1
  if: not controls(comintern, {Germany, France, Italy, Spain, Norway, Denmark, Austria}) }
victory GW_UK_empire "Maintain the Empire (GB)" {
  side: allies  check: game_end  vp: 1  if: controls(allies, {Union of South Africa, Egypt, Aden}) }
victory GW_UK_fascism "Contain Fascism (GB)" {
  side: allies  check: game_end  vp: 1  if: income(GER) <= 24 and income(ITA) <= 10 }
victory GW_UK_mediterranean "Mediterranean Security" {
  side: allies  check: game_end  vp: 1  if: controls(allies, {Malta, Egypt, Gibraltar}) }
victory GW_FEC_india "Preserve the Empire" {
  side: allies  check: game_end  vp: 1
  if: controls(allies, {India, Bengal, Northwest India, Burma, Ceylon, Malaya}) }
victory GW_ANZAC_pacific "South Pacific Security" {
  side: allies  check: game_end  vp: 1
  if: controls(allies, {New South Wales, Queensland, Western Australia, South Australia,
                        Northern Territory, New Zealand}) }
victory GW_FRA_disarm "Disarm Germany" {
  side: allies  check: game_end  vp: 1  if: income(GER) < 24 }
victory GW_FRA_communism "Eliminate Communism (France)" {
  side: allies  check: game_end  vp: 1  if: not controls(comintern, Spain) }
victory GW_FRA_empire "Maintain the Empire (France)" {
  side: allies  check: game_end  vp: 1
  if: controls(FRA, {France, Southern France, Algeria, Morocco, Tunisia, Syria,
                     "French Indo-China"}) }
victory GW_KMT_foreigners "Expel Foreign Influence" {
  side: allies  check: game_end  vp: 1
  if: controls(allies, {Szechwan, Hunan, Shensi, Kiangsu, Hopei, Yunnan}) }
victory GW_KMT_reclaim "Reclaim China" {
  side: allies  check: game_end  vp: 1
  if: count(t in {Manchuria, Formosa, Suiyuan}: controls(allies, t)) >= 2 }
victory GW_KMT_nanking "Nanking" {
  side: allies  check: game_end  vp: 1  if: controls(CHN, Kiangsu) }
victory GW_SOV_buffer "Buffer Zone" {
  side: comintern  check: game_end  vp: 1  if: controls(comintern, {Eastern Poland, Baltic States}) }
victory GW_SOV_worldwide "Worldwide Communism" {
  side: comintern  check: game_end
  vp: count(t in {Poland, Finland, Romania, Bulgaria, Hungary, Yugoslavia, Turkey, Persia,
                  Manchuria, Korea, Sinkiang}: controls(comintern, t)) }
victory GW_SOV_east "Eastern Security" {
  side: comintern  check: game_end  vp: 1  if: controls(comintern, {Moscow, Vladivostok}) }
victory GW_SOV_port "Ice Free Port" {
  side: comintern  check: game_end  vp: 1  if: controls(comintern, Turkey) }
victory GW_SOV_patriotic "Great Patriotic War" {
  side: comintern  check: game_end  vp: 1
  if: controls(comintern, {Moscow, Leningrad, Stalingrad}) }
victory GW_CCP_china "Communist China" {
  side: comintern  check: game_end
  vp: count(t in {Shensi, Kansu, Suiyuan}: controls(comintern, t)) }
"""


def _scenario_1936(pack: Pack, rows, by_code, seas) -> Scenario:
    """The ``global-war-1936`` scenario on the same map: January 1936, every Major at
    peace (§2.1: the Majors start on peacetime income), the three Alliances of T 4-1."""
    m = pack.map
    sc = Scenario(GW1936_ID, "Global War: January 1936", ruleset="global_war")
    sc.start = "1936-01"
    sc.calendar = "6-months"
    sc.turn_order = [list(slot) for slot in GW1936_TURN_ORDER]
    for aid, name, colour, members in GW1936_ALLIANCES:
        sc.alliances[aid] = Alliance(aid, name, list(members), colour)
    playable = [n[0] for n in NATIONS if n[4]]
    for i, a in enumerate(playable):
        for b in playable[i + 1 :]:
            sc.set_relation(a, b, "peace")
    for z in m.zones.values():
        if z.kind != "land":
            continue
        owner = "NEU" if z.code in GW1936_INDEPENDENT else rows[z.code].owner
        sc.ownership[z.id] = Ownership(owner, owner)
    for nation, entries in GW1936_SETUP.items():
        for where, units in entries:
            if where.startswith("sea "):
                _, lon, lat = where.split()
                zid = seas.at(float(lon), float(lat))
            else:
                zid = by_code[where].id
            for unit, count in _units(units):
                sc.units.append(UnitStack(zid, nation, unit, count))
    sc.banks = dict(GW1936_BANKS)
    from gamecore.conditions import rules_to_objectives

    for obj in rules_to_objectives(GW1936_OBJECTIVES):
        sc.objectives[obj.id] = obj
    sc.props["sources"] = "seeds/000 §2.1, T 4-1, T 6-1; rules-notes/000 §2"
    return sc


# ---------------------------------------------------------------------------------------
# building


def geodata_dir() -> Path:
    from gamecore.paths import resource

    return resource("geodata")


def _key(f: GeoFeature) -> str:
    iso = f.props.get("iso_a3")
    return str(iso) if iso and iso != "-99" else str(f.props.get("name"))


@dataclass
class _Row:
    code: str
    name: str
    owner: str
    value: int
    region: str
    kind: str  # "countries", "seed", "carve", "island"
    countries: tuple[str, ...] = ()
    group: str = ""
    point: tuple[float, float] = (0.0, 0.0)
    boxes: tuple[tuple[tuple[str, ...], tuple[float, float, float, float]], ...] = ()


def _rows() -> list[_Row]:
    rows = []
    for region, entries in LAND.items():
        for code, name, owner, value, src in entries:
            row = _Row(code, name, owner, value, region, "countries")
            if src.startswith("@"):
                group, lon, lat = src[1:].split()
                row.kind, row.group, row.point = "seed", group, (float(lon), float(lat))
            elif src.startswith("island"):
                _, lon, lat = src.split()
                row.kind, row.point = "island", (float(lon), float(lat))
            elif src.startswith("carve"):
                boxes, extra = [], []
                for part in src.split(";"):
                    words = part.split()
                    if words[0] == "carve":
                        isos = tuple(words[1].split(","))
                        boxes.append((isos, tuple(float(v) for v in words[2:6])))
                    else:
                        extra.extend(words)
                row.kind, row.boxes, row.countries = "carve", tuple(boxes), tuple(extra)
            else:
                row.countries = tuple(src.split())
            rows.append(row)
    return rows


def _shift_x(geom: BaseGeometry, dx: float) -> BaseGeometry:
    return shapely.transform(geom, lambda c: c + np.array([dx, 0.0]))


def _split_by_seeds(
    geom: BaseGeometry, seeds: list[tuple[float, float]], width: float
) -> list[BaseGeometry]:
    """Voronoi cells of ``seeds`` (map coordinates) cut from ``geom``. Parts of ``geom``
    beyond the antimeridian seam (at the far west edge while the seeds lie east) are
    moved one map width east for the split and back afterwards."""
    parts = list(shapely.get_parts(geom))
    xs = [s[0] for s in seeds]
    east = min(xs) > width / 2
    if east:
        parts = [_shift_x(p, width) if p.bounds[2] < width * 0.1 else p for p in parts]
    whole = shapely.union_all(parts)
    if len(seeds) == 1:
        cells = [whole]
    else:
        x0, y0, x1, y1 = whole.bounds
        pad = max(x1 - x0, y1 - y0, 1.0)
        env = box(x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        vor = shapely.voronoi_polygons(shapely.multipoints(seeds), extend_to=env, ordered=True)
        cells = [shapely.intersection(whole, c) for c in shapely.get_parts(vor)]
    out = []
    for c in cells:
        if east and c.bounds[2] > width:
            inside = shapely.clip_by_rect(c, -width, -1e9, width, 1e9)
            beyond = shapely.clip_by_rect(c, width, -1e9, 3 * width, 1e9)
            c = shapely.union_all([inside, _shift_x(beyond, -width)])
        out.append(c)
    return out


def _land(proj: MapProjection, countries: dict[str, BaseGeometry]) -> list[LandPiece]:
    rows = _rows()
    used: set[str] = set()
    geo = dict(countries)
    # carvings first: they take their boxes out of the countries
    carved: dict[str, BaseGeometry] = {}
    for row in rows:
        if row.kind != "carve":
            continue
        bits = []
        for isos, bbox in row.boxes:
            b = box(*bbox)
            for iso in isos:
                bits.append(shapely.intersection(geo[iso], b))
                geo[iso] = shapely.difference(geo[iso], b)
                used.add(iso)
        for iso in row.countries:
            bits.append(geo[iso])
            used.add(iso)
        carved[row.code] = shapely.union_all(bits)
    groups: dict[str, list[_Row]] = {}
    for row in rows:
        if row.kind == "seed":
            groups.setdefault(row.group, []).append(row)
    lonlat: dict[str, BaseGeometry] = dict(carved)
    for row in rows:
        if row.kind == "countries":
            lonlat[row.code] = shapely.union_all([geo[i] for i in row.countries])
            used.update(row.countries)
    codes = [r.code for r in rows if r.code in lonlat]
    projected = dict(zip(codes, proj.project([lonlat[c] for c in codes]), strict=True))
    for gname, members in groups.items():
        isos = GROUPS[gname].split()
        used.update(isos)
        whole = proj.project(shapely.union_all([geo[i] for i in isos]))
        seeds = [proj.point(*r.point) for r in members]
        for r, cell in zip(members, _split_by_seeds(whole, seeds, proj.width), strict=True):
            projected[r.code] = cell
    for row in rows:
        if row.kind == "island":
            x, y = proj.point(*row.point)
            projected[row.code] = Point(x, y).buffer(ISLAND_RADIUS, quad_segs=4)
    missing = sorted(set(countries) - used - set(DROPPED))
    if missing:
        raise ValueError(f"countries not used by any zone: {missing}")
    pieces = []
    for row in rows:
        g = shapely.make_valid(projected[row.code])
        polys = [p for p in shapely.get_parts(g) if p.geom_type in ("Polygon", "MultiPolygon")]
        g = shapely.union_all(polys) if polys else shapely.Polygon()
        pieces.append(LandPiece(row.code, row.name, g, region=row.region))
    return pieces


FACILITY_OF = {"M": "major_ic", "m": "minor_ic", "N": "naval_base", "A": "air_base"}
#: a naval base serves the sea zones next to its zone within this distance of the city
PORT_REACH = 30.0


class _Seas:
    """Sea-zone lookups by lon/lat on the built map."""

    def __init__(self, m: Map, proj: MapProjection):
        self.m = m
        self.proj = proj
        self.ids = sorted(z.id for z in m.zones.values() if z.kind == "sea")
        self.geoms = np.array([m.zones[i].geometry for i in self.ids], dtype=object)
        self.tree = shapely.STRtree(self.geoms)

    def at_xy(self, x: float, y: float) -> int:
        p = Point(x, y)
        hit = self.tree.query(p, predicate="intersects")
        if len(hit):
            return self.ids[int(min(hit))]
        return self.ids[int(self.tree.query_nearest(p, all_matches=False)[0])]

    def at(self, lon: float, lat: float) -> int:
        return self.at_xy(*self.proj.point(lon, lat))


def _ocean_of(lon: float, lat: float) -> str:
    """A rough ocean tag for a sea zone's label point."""
    if lat >= 66.0:
        return "arctic"
    if (20.0 <= lon <= 100.0 and lat < 30.0) or (100.0 < lon <= 125.0 and lat < -9.0):
        return "indian"
    pacific_edge = -105.0 if lat > 15 else -85.0 if lat > 8 else -78.0 if lat > -20 else -72.0
    if pacific_edge < lon < 25.0:
        return "atlantic"
    return "pacific"


def _units(text: str) -> list[tuple[str, int]]:
    out = []
    for part in text.split(","):
        count, unit = part.split()
        out.append((unit, int(count)))
    return out


def build_sample(geo_dir: str | Path | None = None, progress=None) -> Pack:
    """The "World 1939" pack, built from the Natural Earth files in ``geo_dir``."""
    from gamecore.conditions import rules_to_objectives
    from gamecore.geometry.adjacency import map_adjacency
    from gamecore.geometry.queries import stack_slots
    from gamecore.validate.checks_graph import path_of_polyline

    src = Path(geo_dir) if geo_dir is not None else geodata_dir()
    feats = read_geojson(src / "ne_110m_countries.geojson")
    countries = {}
    for f in feats:
        countries[_key(f)] = shapely.make_valid(f.geometry)
    proj = fit_projection(PROJECTION, WIDTH, BBOX)
    pieces = _land(proj, countries)
    # enclosed water under 400 map units² (e.g. a sliver of Arctic sea cut off by the
    # crop at 80°N beside Svalbard) joins the land; the Caspian stays a lake
    opts = ImportOptions(projection=PROJECTION, width=WIDTH, bbox=BBOX, min_lake_area=400.0)
    m = build_map(
        pieces,
        proj,
        sea_zones=SEA_ZONES,
        cuts=[line for _, line in CUTS],
        basins=[(lon, lat, n, tag) for tag, lon, lat, n in BASINS],
        min_area=opts.min_area,
        min_lake_area=opts.min_lake_area,
        wrap_x=True,
        name="World 1939",
        seed=1939,
        progress=progress,
    )
    rows = {r.code: r for r in _rows()}
    by_code = {z.code: z for z in m.zones.values()}
    adj = map_adjacency(m)
    seas = _Seas(m, proj)

    # land zones: value, terrain, flags
    terrain_of = {code: t for t, codes in TERRAIN.items() for code in codes.split()}
    for z in m.zones.values():
        if z.kind != "land":
            continue
        z.value = rows[z.code].value
        z.terrain = terrain_of.get(z.code, "clear")
        if not any(m.zones[n].kind == "land" for n in adj[z.id]):
            z.set_flag("island")
    # sea zones: names and ocean tags
    taken: set[int] = set()
    for name, lon, lat in NAMED_SEAS:
        x, y = proj.point(lon, lat)
        for z in m.zones.values():
            if z.is_water and z.id not in taken and shapely.contains_xy(z.geometry, x, y):
                z.name = name
                taken.add(z.id)
                break
    for z in m.zones.values():
        if z.kind == "sea" and not z.region:  # basins keep their own tag
            lon, lat = proj.inverse([z.label[0]], [z.label[1]])
            z.region = _ocean_of(float(lon[0]), float(lat[0]))

    # unit-stack slots: up to four on land and three at sea, SLOT_RADIUS apart
    m.props["slot_radius"] = SLOT_RADIUS
    for z in m.zones.values():
        z.slots = [z.label] if z.label else []
        for n in range(4 if z.kind == "land" else 3, 0, -1):
            try:
                z.slots = stack_slots(z.geometry, n, radius=SLOT_RADIUS / 2.0)
                break
            except GeometryError:
                continue

    # cities, capitals, victory cities, facilities
    capitals: dict[str, int] = {}
    for name, lon, lat, code, tags in CITIES:
        z = by_code[code]
        x, y = proj.point(lon, lat)
        z.set_flag("city")
        z.props.setdefault("cities", []).append({"name": name, "at": [x, y]})
        for tag in tags.split():
            if tag == "C":
                z.set_flag("capital")
                capitals[rows[code].owner] = z.id
            elif tag == "V":
                z.set_flag("victory_city")
            else:
                if any(
                    g.zone == z.id and g.type == FACILITY_OF[tag] for g in m.facilities.values()
                ):
                    continue  # one facility of a type per zone (rules-notes/004 §5.15)
                fid = m.next_id("facilities")
                f = Facility(fid, z.id, FACILITY_OF[tag], props={"city": name})
                if f.type == "naval_base":
                    near = [n for n in adj[z.id] if m.zones[n].kind == "sea"]
                    dist = {n: m.zones[n].geometry.distance(Point(x, y)) for n in near}
                    ranked = sorted(near, key=lambda n: (dist[n], n))
                    f.serves = sorted(
                        n for i, n in enumerate(ranked) if i == 0 or dist[n] <= PORT_REACH
                    )[:2]
                m.facilities[fid] = f

    # canals and straits
    for name, pa, pb, controllers in CANALS:
        a, b = seas.at(*pa), seas.at(*pb)
        if a == b:
            raise ValueError(f"{name}: both ends lie in sea zone {m.zones[a].code}")
        lid = m.next_id("links")
        ctrl = [by_code[c].id for c in controllers]
        m.links[lid] = Link(lid, "canal", min(a, b), max(a, b), name, controllers=ctrl)
    for name, ca, cb, via in STRAITS:
        a, b = by_code[ca].id, by_code[cb].id
        lid = m.next_id("links")
        m.links[lid] = Link(lid, "strait", min(a, b), max(a, b), name, via=seas.at(*via))

    # convoy lines: the chain of sea zones the route crosses
    for name, nation, ipc, start, end, route in CONVOYS:
        xy = np.column_stack(proj.forward(*np.asarray(route, dtype=float).T))
        points = [(float(a), float(b)) for a, b in xy]
        path = path_of_polyline(m, points)
        for a, b in zip(path, path[1:], strict=False):
            if b not in adj[a]:
                raise ValueError(
                    f"{name}: the route jumps from sea zone {m.zones[a].code} to "
                    f"{m.zones[b].code}; move its waypoints off the land"
                )
        lid = m.next_id("lines")
        m.lines[lid] = Line(
            lid, "convoy", name, points, path, by_code[start].id, by_code[end].id, {nation: ipc}
        )

    pack = Pack(map=m)
    pack.meta = {
        "title": "World 1939",
        "description": (
            "The world of September 1939 on Natural Earth 1:110m geography: "
            f"{sum(1 for z in m.zones.values() if z.kind == 'land')} land zones, "
            f"{sum(1 for z in m.zones.values() if z.kind == 'sea')} sea zones, "
            "the g40 ruleset (1939) and the global_war ruleset (1936)."
        ),
        "source": "Natural Earth (public domain), see resources/geodata/README.md",
        "built_by": "python -m gamecore.interop.sample_world",
    }
    home: dict[str, list[int]] = {}
    for z in m.zones.values():
        if z.kind == "land":
            home.setdefault(rows[z.code].owner, []).append(z.id)
    for nid, name, colour, kind, playable, alignment in NATIONS:
        props = {"alignment": alignment} if alignment else {}
        pack.nations[nid] = Nation(
            nid,
            name,
            colour,
            kind,
            playable,
            capitals.get(nid),
            sorted(home.get(nid, [])),
            props=props,
        )
    sc = Scenario("1939", "World War II: September 1939", ruleset="g40")
    sc.start = "1939-09"
    sc.calendar = "6-months"
    sc.turn_order = [[n] for n in TURN_ORDER]
    for aid, name, colour, members in ALLIANCES:
        sc.alliances[aid] = Alliance(aid, name, list(members), colour)
    playable = [n[0] for n in NATIONS if n[4]]
    for i, a in enumerate(playable):
        for b in playable[i + 1 :]:
            sc.set_relation(a, b, "peace")
    for a, b, status, by in RELATIONS:
        sc.set_relation(a, b, status, by)
    for z in m.zones.values():
        if z.kind != "land":
            continue
        owner = rows[z.code].owner
        sc.ownership[z.id] = Ownership(owner, owner)
        if pack.nations[owner].kind == "neutral":
            z.props["standing_army"] = max(1, 2 * z.value)
    for nation, entries in SETUP.items():
        for where, units in entries:
            if where.startswith("sea "):
                _, lon, lat = where.split()
                zid = seas.at(float(lon), float(lat))
            else:
                zid = by_code[where].id
            for unit, count in _units(units):
                sc.units.append(UnitStack(zid, nation, unit, count))
    for nid in playable:
        sc.banks[nid] = sum(m.zones[z].value for z in home.get(nid, []))
    for obj in rules_to_objectives(OBJECTIVES):
        sc.objectives[obj.id] = obj
    pack.scenarios[sc.id] = sc
    gw = _scenario_1936(pack, rows, by_code, seas)
    pack.scenarios[gw.id] = gw
    return pack


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gamecore.interop.sample_world",
        description='Build the bundled sample pack "World 1939".',
    )
    parser.add_argument("out", help="the .warroom file to write")
    parser.add_argument("--geodata", help="folder with the Natural Earth GeoJSON files")
    args = parser.parse_args(argv)
    from gamecore.store import write_pack

    start = time.perf_counter()
    pack = build_sample(args.geodata)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.exists():
        out.unlink()
    write_pack(pack, out)
    m = pack.map
    kinds = {k: sum(1 for z in m.zones.values() if z.kind == k) for k in ("land", "sea", "lake")}
    print(
        f"{out}: {kinds['land']} land zones, {kinds['sea']} sea zones, {kinds['lake']} lakes, "
        f"{len(m.facilities)} facilities, {len(m.links)} links, {len(m.lines)} convoy lines "
        f"in {time.perf_counter() - start:.1f} s"
    )
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
